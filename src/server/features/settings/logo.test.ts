import { Resvg } from "@resvg/resvg-js";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  LOGO_DIMENSIONS_MESSAGE,
  LOGO_MAX_BYTES,
  LOGO_SIZE_MESSAGE,
  LOGO_TYPE_MESSAGE,
  LOGO_UNREADABLE_MESSAGE,
} from "../../../shared/schemas/settings";
import { companyProfiles } from "../../db/schema/index";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { createClientRecord, createCompanyProfile } from "../../../../tests/factories";
import { createInvoice, invoiceBody } from "../../../../tests/invoices";
import {
  JPEG_LOGO,
  jpegClaiming,
  jpegWithOrientation,
  pixelsOf,
  PNG_LOGO,
  pngClaiming,
  pngSize,
  SVG_LOGO,
} from "../../../../tests/logos";
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
const refusal = (message: string) => ({ message, fieldErrors: { logo: message } });
const storedLogo = async (as: SignedIn) =>
  (
    await t.database.db
      .select({ data: companyProfiles.logo, contentType: companyProfiles.logoContentType })
      .from(companyProfiles)
      .where(eq(companyProfiles.userId, as.user.id))
  )[0];
/** The RGBA pixel at (x, y). */
const pixelAt = (image: { width: number; pixels: Buffer }, x: number, y: number) => {
  const at = (y * image.width + x) * 4;
  return [...image.pixels.subarray(at, at + 4)];
};
const company = async (as: SignedIn) =>
  (await as.request({ method: "GET", url: "/api/settings/company" })).json() as { hasLogo: boolean };

describe("PUT/GET/DELETE /api/settings/logo", () => {
  it("stores a PNG re-encoded, pixel for pixel, and serves it with a locked-down policy", async () => {
    expect((await getLogo(owner)).statusCode).toBe(404);
    expect(await company(owner)).toMatchObject({ hasLogo: false });

    const response = await upload(owner, PNG_LOGO, "image/png");
    expect(response.statusCode, response.body).toBe(204);

    const served = await getLogo(owner);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["content-security-policy"]).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(pngSize(served.rawPayload)).toEqual({ width: 240, height: 80 });
    expect(pixelsOf(served.rawPayload).pixels.equals(pixelsOf(PNG_LOGO).pixels)).toBe(true);
    expect(served.rawPayload[25]).toBe(6); // RGBA: its corners are transparent
    expect(await company(owner)).toMatchObject({ hasLogo: true });
  });

  it("stores a JPEG as PNG, recognised by its bytes whatever the declared type", async () => {
    const response = await upload(owner, JPEG_LOGO, "image/png");
    expect(response.statusCode, response.body).toBe(204);
    const served = await getLogo(owner);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(pngSize(served.rawPayload)).toEqual({ width: 48, height: 16 });
    // Opaque, so RGB without an alpha channel: pdfkit embeds such a PNG without decoding it.
    expect(served.rawPayload[25]).toBe(2);
    expect(await storedLogo(owner)).toMatchObject({ contentType: "image/png" });
  });

  it.each([
    // [EXIF orientation, size stored, where the yellow end of the logo comes out]
    [1, { width: 48, height: 16 }, { x: 4, y: 8 }],
    [3, { width: 48, height: 16 }, { x: 44, y: 8 }], // turned half round
    [6, { width: 16, height: 48 }, { x: 8, y: 4 }], // camera turned a quarter clockwise: the left end on top
    [8, { width: 16, height: 48 }, { x: 8, y: 44 }], // and anticlockwise: at the bottom
  ])(
    "turns a JPEG with EXIF orientation %i upright, as browsers and pdfkit showed it",
    async (orientation, size, yellow) => {
      expect((await upload(owner, jpegWithOrientation(orientation), "image/jpeg")).statusCode).toBe(204);
      const served = (await getLogo(owner)).rawPayload;
      expect(pngSize(served)).toEqual(size);
      const isYellow = ([red, green, blue]: number[]) => red! > 200 && green! > 150 && blue! < 100;
      const image = pixelsOf(served);
      expect(isYellow(pixelAt(image, yellow.x, yellow.y))).toBe(true);
      // The opposite end is blue.
      expect(isYellow(pixelAt(image, size.width - 1 - yellow.x, size.height - 1 - yellow.y))).toBe(false);
    },
  );

  it("scales a large image down to 800 px on its longer side, and never enlarges a small one", async () => {
    const wide = Buffer.from(
      new Resvg(
        '<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="750"><rect width="3000" height="750" ' +
          'fill="#1d4ed8"/><circle cx="375" cy="375" r="300" fill="#facc15"/></svg>',
      )
        .render()
        .asPng(),
    );
    expect(wide.length).toBeLessThan(LOGO_MAX_BYTES);
    expect((await upload(owner, wide, "image/png")).statusCode).toBe(204);
    expect(pngSize((await getLogo(owner)).rawPayload)).toEqual({ width: 800, height: 200 });
    // 4000 px is the most either side may be.
    const tall = Buffer.from(
      new Resvg(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="4000"><rect width="10" height="4000"/></svg>',
      )
        .render()
        .asPng(),
    );
    expect((await upload(owner, tall, "image/png")).statusCode).toBe(204);
    expect(pngSize((await getLogo(owner)).rawPayload)).toEqual({ width: 2, height: 800 });
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
      SVG_LOGO.replace("</svg>", '<image href="data:image/png,%89PNG" width="10" height="10"/></svg>'),
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
      expect(response.json()).toEqual(refusal(LOGO_TYPE_MESSAGE));
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
    ];
    for (const [body, type] of cases) {
      const response = await upload(owner, body, type);
      expect(response.statusCode, `${type}: ${String(body).slice(0, 20)}`).toBe(415);
      expect(response.json()).toEqual(refusal(LOGO_TYPE_MESSAGE));
    }
    // The last good logo is still there.
    expect((await getLogo(owner)).statusCode).toBe(200);
  });

  it("refuses a file over 512 KB, also far over", async () => {
    for (const size of [LOGO_MAX_BYTES + 1, LOGO_MAX_BYTES * 3]) {
      const big = Buffer.concat([PNG_LOGO, Buffer.alloc(size - PNG_LOGO.length)]);
      const response = await upload(owner, big, "image/png");
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual(refusal(LOGO_SIZE_MESSAGE));
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

describe("images too large to decode, or that cannot be decoded (issue 24)", () => {
  it("refuses the PNG bomb from its header, before decoding, and stores nothing", async () => {
    const bomb = pngClaiming(100_000, 100_000);
    expect(bomb.length).toBeLessThan(70);
    const before = await storedLogo(owner);
    const response = await upload(owner, bomb, "image/png");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refusal(LOGO_DIMENSIONS_MESSAGE));
    expect(await storedLogo(owner)).toEqual(before);

    const newcomer = await t.signIn();
    await createCompanyProfile(t.database.db, newcomer.user.id);
    expect((await upload(newcomer, bomb, "image/png")).statusCode).toBe(400);
    expect(await storedLogo(newcomer)).toEqual({ data: null, contentType: null });
  });

  it.each([
    ["PNG 20000 × 20000", pngClaiming(20_000, 20_000)],
    ["PNG 4001 × 10", pngClaiming(4001, 10)],
    ["PNG 10 × 4001", pngClaiming(10, 4001)],
    ["JPEG 5000 × 5000", jpegClaiming(5000, 5000)],
    ["JPEG 4001 × 16", jpegClaiming(4001, 16)],
    [
      "SVG with such a PNG inside",
      SVG_LOGO.replace(
        "</svg>",
        `<image width="10" height="10" href="data:image/png;base64,${pngClaiming(100_000, 100_000).toString("base64")}"/></svg>`,
      ),
    ],
  ])("refuses a %s from its header", async (name, body) => {
    const response = await upload(owner, body, name.startsWith("SVG") ? "image/svg+xml" : "image/png");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refusal(LOGO_DIMENSIONS_MESSAGE));
  });

  it.each([
    [
      "the PNG signature and nothing readable after it",
      Buffer.concat([PNG_SIGNATURE, Buffer.from("garbage")]),
    ],
    [
      "a PNG header over data that is not compressed pixels",
      pngClaiming(10, 10, Buffer.from("not zlib data")),
    ],
    ["a PNG header without any image data", pngClaiming(10, 10, Buffer.alloc(0))],
    ["a JPEG cut off after its start", JPEG_LOGO.subarray(0, 20)],
    ["a JPEG without a frame size", jpegClaiming(48, 0)],
    [
      "a JPEG with more scans than any encoder writes",
      Buffer.concat([
        JPEG_LOGO.subarray(0, -2),
        ...Array.from({ length: 65 }, () => Buffer.from([0xff, 0xda, 0x00, 0x08, 1, 1, 0, 0, 0x3f, 0])),
        Buffer.from([0xff, 0xd9]),
      ]),
    ],
  ])("refuses %s as unreadable", async (_name, body) => {
    const before = await storedLogo(owner);
    const response = await upload(owner, body, "image/png");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refusal(LOGO_UNREADABLE_MESSAGE));
    expect(await storedLogo(owner)).toEqual(before);
  });
});

describe("a stored logo that cannot be used (stored before uploads were checked)", () => {
  let seller: SignedIn;
  let invoiceId: string;

  beforeAll(async () => {
    seller = await t.signIn();
    await createCompanyProfile(t.database.db, seller.user.id);
    const client = await createClientRecord(t.database.db, seller.user.id);
    invoiceId = (await createInvoice(seller, invoiceBody(client.id))).id;
  });

  const store = (data: Buffer, contentType: string) =>
    t.database.db
      .update(companyProfiles)
      .set({ logo: data, logoContentType: contentType })
      .where(eq(companyProfiles.userId, seller.user.id));
  const pdf = () => seller.request({ method: "GET", url: `/api/invoices/${invoiceId}/pdf` });
  const view = async () =>
    (await seller.request({ method: "GET", url: `/api/invoices/${invoiceId}/document` })).json() as {
      logoDataUrl: string | null;
    };

  it.each([
    ["the PNG bomb", pngClaiming(100_000, 100_000), "image/png"],
    ["a PNG whose compressed data is broken", pngClaiming(10, 10, Buffer.from("not zlib data")), "image/png"],
    ["a JPEG bomb", jpegClaiming(60_000, 60_000), "image/jpeg"],
  ])(
    "%s: the invoice renders without the logo, with a warning, and the server goes on",
    async (_name, bad, type) => {
      await store(bad, type);
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      try {
        const response = await pdf();
        expect(response.statusCode, response.body).toBe(200);
        expect(response.headers["content-type"]).toBe("application/pdf");
        expect(response.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
        expect((await view()).logoDataUrl).toBeNull();
        expect(warn).toHaveBeenCalledWith("stored logo left out: not a usable image", expect.anything());
      } finally {
        warn.mockRestore();
      }
      // The settings page's preview answers like the PDF, with the request's own log.
      expect((await getLogo(seller)).statusCode).toBe(404);
      expect((await t.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    },
  );

  it("an older JPEG logo is drawn re-encoded, as PNG", async () => {
    await store(JPEG_LOGO, "image/jpeg");
    expect((await pdf()).statusCode).toBe(200);
    expect((await view()).logoDataUrl).toMatch(/^data:image\/png;base64,/);
  });
});
