import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { defineBenchmark, request } from "./harness";

/**
 * The floor: a bare node:http server in the same run, so other figures can be read as a ratio to it. It runs in a
 * process of its own, as the Balans server does, so both answers cross the same process boundary and the ratio
 * measures what the server adds, not the hop between processes.
 */
const BARE_SERVER = `
  const server = require("node:http").createServer((_request, response) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.end('{"hello":"world"}');
  });
  server.listen(0, "127.0.0.1", () => process.stdout.write(String(server.address().port) + "\\n"));
`;

export default defineBenchmark<{ child: ChildProcess; url: string }>({
  name: "node:http hello world",
  iterations: 3000,
  warmup: 300,
  async setup() {
    const child = spawn(process.execPath, ["-e", BARE_SERVER], { stdio: ["ignore", "pipe", "inherit"] });
    const [port] = (await once(child.stdout!, "data")) as [Buffer];
    return { child, url: `http://127.0.0.1:${port.toString().trim()}` };
  },
  async run({ fixture }) {
    await request(fixture.url, { path: "/", expect: 200 });
  },
  async teardown({ child }) {
    child.kill();
    await once(child, "exit");
  },
});
