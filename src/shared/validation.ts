import { z } from "zod";

// Every schema in Balans imports zod from here, so that zod's own messages (a wrong type, a missing field)
// are Dutch on the server and in the browser alike.
z.config(z.locales.nl());

export { z };
