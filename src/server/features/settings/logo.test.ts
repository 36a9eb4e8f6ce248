import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGO_MAX_BYTES, LOGO_SIZE_MESSAGE, LOGO_TYPE_MESSAGE } from "../../../shared/schemas/settings";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { createCompanyProfile } from "../../../../tests/factories";
import { JPEG_LOGO, PNG_LOGO, SVG_LOGO } from "../../../../tests/logos";
import { LOGO_NEEDS_PROFILE_MESSAGE } from "./service";

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await t.signIn();
  stranger = await t.signIn();
  await createCompanyProfile(t.database.db, owner.user.id);
});
afterAll(() => t.close());

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function upload(as: SignedIn, body: Buffer | string, contentType: string) {
  return as.request({
    method: "PUT",
    url: "/api/settings/logo",
    headers: { "content-type": contentType },
    payload: body,
  });
}

const getLogo = (as: SignedIn) => as.request({ method: "GET", url: "/api/settings/logo" });
const company = async (as: SignedIn) =>
  (await as.request({ method: "GET", url: "/api/settings/company" })).json() as { hasLogo: boolean };

describe("PUT/GET/DELETE /api/settings/logo", () => {
  it("stores a PNG as uploaded and serves it with a locked-down policy", async () => {
    expect((await getLogo(owner)).statusCode).toBe(404);
    expect(await company(owner)).toMatchObject({ hasLogo: false });

    const response = await upload(owner, PNG_LOGO, "image/png");
    expect(response.statusCode, response.body).toBe(204);

    const served = await getLogo(owner);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["content-security-policy"]).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.rawPayload.equals(PNG_LOGO)).toBe(true);
    expect(await company(owner)).toMatchObject({ hasLogo: true });
  });

  it("stores a JPEG, recognised by its bytes whatever the declared type", async () => {
    const response = await upload(owner, JPEG_LOGO, "image/png");
    expect(response.statusCode, response.body).toBe(204);
    const served = await getLogo(owner);
    expect(served.headers["content-type"]).toBe("image/jpeg");
    expect(served.rawPayload.equals(JPEG_LOGO)).toBe(true);
  });

  it("rasterises an SVG to PNG, so none of its markup is kept", async () => {
    const hostile = SVG_LOGO.replace(
      "</svg>",
      '<script>alert("xss")</script><a href="#x"><text>x</text></a></svg>',
    );
    const response = await upload(owner, hostile, "image/svg+xml");
    expect(response.statusCode, response.body).toBe(204);
    const served = await getLogo(owner);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.rawPayload.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(served.rawPayload.includes("script")).toBe(false);
    // The longer side is rasterised to 800 px, keeping the 3:1 proportions.
    expect(served.rawPayload.readUInt32BE(16)).toBe(800);
    expect(served.rawPayload.readUInt32BE(20)).toBe(267);
  });

  it("refuses an SVG that points at files on the server or carries a DTD", async () => {
    for (const svg of [
      SVG_LOGO.replace("</svg>", '<image href="/etc/hostname.png" width="10" height="10"/></svg>'),
      SVG_LOGO.replace("</svg>", '<image href="&#47;tmp/x.png" width="10" height="10"/></svg>'),
      SVG_LOGO.replace(
        "</svg>",
        "<image xlink:href='http://example.com/x.png' width='10' height='10'/></svg>",
      ),
      SVG_LOGO.replace("</svg>", '<rect fill="url( \'file:///x.svg#a\')" width="1" height="1"/></svg>'),
      `<!DOCTYPE svg [<!ENTITY e SYSTEM "file:///etc/passwd">]>${SVG_LOGO}`,
    ]) {
      const response = await upload(owner, svg, "image/svg+xml");
      expect(response.statusCode, svg).toBe(415);
      expect(response.json()).toEqual({ message: LOGO_TYPE_MESSAGE });
    }
    // References inside the document (gradients, #ids) are fine.
    const gradient = SVG_LOGO.replace(
      "</svg>",
      '<defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient></defs>' +
        '<rect fill="url(\'#g\')" width="10" height="10"/></svg>',
    );
    expect((await upload(owner, gradient, "image/svg+xml")).statusCode).toBe(204);
  });

  it("refuses other files by their bytes, not their declared type", async () => {
    const cases: Array<[Buffer | string, string]> = [
      [Buffer.from("GIF89a\x01\x00\x01\x00"), "image/png"],
      ["<html><script>alert(1)</script></html>", "image/jpeg"],
      ["%PDF-1.7 not a logo", "application/pdf"],
      ["not an svg at all", "image/svg+xml"],
      // The right magic bytes but nothing readable after them.
      [Buffer.concat([PNG_SIGNATURE, Buffer.from("garbage")]), "image/png"],
    ];
    for (const [body, type] of cases) {
      const response = await upload(owner, body, type);
      expect(response.statusCode, `${type}: ${String(body).slice(0, 20)}`).toBe(415);
      expect(response.json()).toEqual({ message: LOGO_TYPE_MESSAGE });
    }
    // The last good logo is still there.
    expect((await getLogo(owner)).statusCode).toBe(200);
  });

  it("refuses a file over 512 KB, also far over", async () => {
    for (const size of [LOGO_MAX_BYTES + 1, LOGO_MAX_BYTES * 3]) {
      const big = Buffer.concat([PNG_LOGO, Buffer.alloc(size - PNG_LOGO.length)]);
      const response = await upload(owner, big, "image/png");
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ message: LOGO_SIZE_MESSAGE });
    }
  });

  it("keeps logos per user: another user reads 404 and cannot upload before saving company data", async () => {
    expect((await getLogo(stranger)).statusCode).toBe(404);
    const response = await upload(stranger, PNG_LOGO, "image/png");
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: LOGO_NEEDS_PROFILE_MESSAGE });
    expect(await company(stranger)).toMatchObject({ isSaved: false, hasLogo: false });
  });

  it("removes the logo", async () => {
    expect((await upload(owner, PNG_LOGO, "image/png")).statusCode).toBe(204);
    const removed = await owner.request({ method: "DELETE", url: "/api/settings/logo" });
    expect(removed.statusCode).toBe(204);
    expect((await getLogo(owner)).statusCode).toBe(404);
    expect(await company(owner)).toMatchObject({ hasLogo: false });
    // Saving the company data afterwards leaves it removed, and the logo survives a save when set.
    expect((await upload(owner, PNG_LOGO, "image/png")).statusCode).toBe(204);
    const saved = await owner.request({
      method: "PUT",
      url: "/api/settings/company",
      payload: { tradeName: "Nieuw", country: "NL" },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ hasLogo: true });
  });

  it("rasterises a very tall SVG within 800 px, so no viewBox asks for an enormous bitmap", async () => {
    const tall =
      '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10000"><rect width="20" height="10000"/></svg>';
    expect((await upload(owner, tall, "image/svg+xml")).statusCode).toBe(204);
    const served = await getLogo(owner);
    expect(served.rawPayload.readUInt32BE(16)).toBe(2);
    expect(served.rawPayload.readUInt32BE(20)).toBe(800);
  });
});
