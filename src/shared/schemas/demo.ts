/** The demo (spec §7 POST /api/demo/start, §8 Demo): the answer of starting one. */
import { z } from "../validation";
import { UserSchema } from "./auth";

/** The demo account, signed in at once, and when it is cleared away. */
export const DemoStartAnswerSchema = z.object({ user: UserSchema, demoExpiresAt: z.string() });
export type DemoStartAnswer = z.infer<typeof DemoStartAnswerSchema>;
