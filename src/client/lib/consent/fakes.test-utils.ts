/** Small stand-ins for localStorage and document.cookie, so the consent rules run in node. */
import type { CookieJar } from "./cookies";
import type { ConsentStorage } from "./records";

export class FakeStorage implements ConsentStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

/** Like document.cookie: a write with Max-Age=0 deletes; attributes are remembered per cookie. */
export class FakeCookieJar implements CookieJar {
  readonly cookies = new Map<string, { value: string; attributes: string }>();
  readonly writes: string[] = [];
  get(): string {
    return [...this.cookies].map(([name, { value }]) => `${name}=${value}`).join("; ");
  }
  set(cookie: string): void {
    this.writes.push(cookie);
    const [pair, ...attributes] = cookie.split(";").map((part) => part.trim());
    const [name, value = ""] = pair!.split("=");
    if (attributes.some((attribute) => attribute.toLowerCase() === "max-age=0")) {
      this.cookies.delete(name!);
    } else {
      this.cookies.set(name!, { value, attributes: attributes.join("; ") });
    }
  }
}
