/**
 * The Mollie double as a process of its own, for the browser tests (playwright.config.ts starts it beside the
 * server): MOLLIE_DOUBLE_PORT is its port; specs add keys and move payments on under /_double/.
 */
import { startMollieDouble } from "./server";

const port = Number(process.env.MOLLIE_DOUBLE_PORT ?? 5999);
const double = await startMollieDouble({ port });
console.info(`Mollie double listens on ${double.apiEndpoint}`);
const stop = () => void double.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
