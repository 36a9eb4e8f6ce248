import http from "node:http";
import type { AddressInfo } from "node:net";
import { defineBenchmark, request } from "./harness";

/** The floor: a bare node:http server in the same run, so other figures can be read as a ratio to it. */
export default defineBenchmark({
  name: "node:http hello world",
  iterations: 3000,
  warmup: 300,
  async setup() {
    const server = http.createServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end('{"hello":"world"}');
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  },
  async run({ fixture }) {
    await request(fixture.url, { path: "/", expect: 200 });
  },
  async teardown({ server }) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  },
});
