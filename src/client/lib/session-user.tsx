import { createContext, useContext, type ReactNode } from "react";
import type { User } from "@shared/schemas/auth";

/**
 * The signed-in user inside the app area. The route guard provides it once the session is known, so screens
 * under /app read a user that is never null or loading — and no feature has to import the auth feature.
 */
const SessionUserContext = createContext<User | null>(null);

export function SessionUserProvider({ user, children }: { user: User; children: ReactNode }) {
  return <SessionUserContext.Provider value={user}>{children}</SessionUserContext.Provider>;
}

export function useSessionUser(): User {
  const user = useContext(SessionUserContext);
  if (!user) throw new Error("useSessionUser() is only available inside the signed-in app area.");
  return user;
}
