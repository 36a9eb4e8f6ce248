import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyProfiles, sessions, users } from "../../db/schema/index";
import { buildTestApp, sessionCookieFrom, type SignedIn, type TestApp } from "../../../../tests/app";
import { FACTORY_PASSWORD } from "../../../../tests/factories";
import {
  ADMINISTRATION_START_DATE_MESSAGE,
  ADMINISTRATION_START_TOO_EARLY_MESSAGE,
  KOR_END_BEFORE_START_MESSAGE,
  KOR_END_WITHOUT_START_MESSAGE,
} from "../../../shared/schemas/settings";
import { verifyPassword } from "../auth/passwords";
import { getCompanyProfile } from "./service";

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await t.signIn({ companyName: "Vries Ontwerp", email: "sanne@vries.nl" });
  stranger = await t.signIn();
});
afterAll(() => t.close());

const COMPANY = {
  tradeName: "  Vries Ontwerp ",
  address: "Keizersgracht 12",
  postalCode: "1015cj",
  city: "Amsterdam",
  country: "NL",
  kvkNumber: "12345678",
  vatNumber: "nl 123456789 b01",
  iban: "nl91abna0417164300",
  bic: "abnanl2a",
  phone: "020-1234567",
  email: "Factuur@Vries.nl",
  website: "www.vries.nl",
  paymentTermsDays: "14",
  invoiceFooter: "Betaling binnen 14 dagen.",
};

const STORED = {
  tradeName: "Vries Ontwerp",
  address: "Keizersgracht 12",
  postalCode: "1015 CJ",
  city: "Amsterdam",
  country: "NL",
  kvkNumber: "1234 5678",
  vatNumber: "NL 123.456.789.B01",
  iban: "NL91 ABNA 0417 1643 00",
  bic: "ABNANL2A",
  phone: "+31 20 123 4567",
  email: "factuur@vries.nl",
  website: "www.vries.nl",
  paymentTermsDays: 14,
  invoiceFooter: "Betaling binnen 14 dagen.",
  korStartDate: null,
  korEndDate: null,
  isKorApplied: false,
  vatPeriodFrequency: "quarter",
  administrationStartDate: null,
  hasLogo: false,
};

describe("GET /api/settings/company", () => {
  it("starts from the registration's company name and e-mail before the first save", async () => {
    const response = await stranger.request({ method: "GET", url: "/api/settings/company" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      tradeName: stranger.user.companyName,
      email: stranger.user.email,
      country: "NL",
      paymentTermsDays: 30,
      isKorApplied: false,
      isSaved: false,
    });
  });

  it("needs a session", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/settings/company" });
    expect(response.statusCode).toBe(401);
  });
});

describe("PUT /api/settings/company", () => {
  it("stores the company data normalised, and a second save replaces it", async () => {
    const response = await owner.request({ method: "PUT", url: "/api/settings/company", payload: COMPANY });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ...STORED, isSaved: true });

    const again = await owner.request({
      method: "PUT",
      url: "/api/settings/company",
      payload: { ...COMPANY, bic: "", website: "", korStartDate: "2000-01-01" },
    });
    expect(again.json()).toEqual({
      ...STORED,
      bic: null,
      website: null,
      korStartDate: "2000-01-01",
      isKorApplied: true,
      isSaved: true,
    });
    const rows = await t.database.db
      .select()
      .from(companyProfiles)
      .where(eq(companyProfiles.userId, owner.user.id));
    expect(rows).toHaveLength(1);
    expect((await owner.request({ method: "GET", url: "/api/settings/company" })).json()).toMatchObject({
      isKorApplied: true,
      isSaved: true,
    });
  });

  it("keeps one user's company data away from another", async () => {
    const response = await stranger.request({ method: "GET", url: "/api/settings/company" });
    expect(response.json()).toMatchObject({ isSaved: false, tradeName: stranger.user.companyName });
  });

  it.each([
    [{ postalCode: "123" }, "postalCode", "Ongeldige postcode. Formaat: 1234 AB"],
    [{ kvkNumber: "1234" }, "kvkNumber", "Ongeldig KvK-nummer. Moet 8 cijfers zijn"],
    [{ vatNumber: "NL123456788B01" }, "vatNumber", "Ongeldig BTW-nummer. Formaat: NL123456789B01"],
    [{ iban: "NL91ABNA0417164301" }, "iban", "Ongeldig IBAN"],
    [{ bic: "ABN" }, "bic", "Ongeldige BIC. Formaat: 8 of 11 tekens, bijvoorbeeld ABNANL2A"],
    [{ email: "factuur@" }, "email", "Ongeldig e-mailadres"],
    [{ website: "geen site" }, "website", "Ongeldig webadres. Bijvoorbeeld www.voorbeeld.nl"],
    [
      { paymentTermsDays: 366 },
      "paymentTermsDays",
      "Betalingstermijn moet een heel getal van 0 tot en met 365 dagen zijn",
    ],
    [{ country: "JP" }, "country", "Kies een land uit de lijst"],
    [{ korStartDate: "2026-10-01", korEndDate: "2026-09-30" }, "korEndDate", KOR_END_BEFORE_START_MESSAGE],
    [{ korEndDate: "2026-12-31" }, "korStartDate", KOR_END_WITHOUT_START_MESSAGE],
    [{ korStartDate: "2026-10-32" }, "korStartDate", ADMINISTRATION_START_DATE_MESSAGE],
    [{ korStartDate: "1999-12-31" }, "korStartDate", ADMINISTRATION_START_TOO_EARLY_MESSAGE],
    [{ tradeName: "x".repeat(201) }, "tradeName", "Handelsnaam mag maximaal 200 tekens zijn"],
    [{ invoiceFooter: "x".repeat(1001) }, "invoiceFooter", "Voettekst mag maximaal 1000 tekens zijn"],
    [{ administrationStartDate: "2026-02-30" }, "administrationStartDate", ADMINISTRATION_START_DATE_MESSAGE],
    [{ administrationStartDate: "01-03-2026" }, "administrationStartDate", ADMINISTRATION_START_DATE_MESSAGE],
    [{ administrationStartDate: 20260301 }, "administrationStartDate", ADMINISTRATION_START_DATE_MESSAGE],
    [
      { administrationStartDate: "1999-12-31" },
      "administrationStartDate",
      ADMINISTRATION_START_TOO_EARLY_MESSAGE,
    ],
  ])(
    "rejects bad input %# with 400 and its message under its field, changing nothing",
    async (overrides, field, message) => {
      const before = await t.database.db
        .select()
        .from(companyProfiles)
        .where(eq(companyProfiles.userId, owner.user.id));
      const response = await owner.request({
        method: "PUT",
        url: "/api/settings/company",
        payload: { ...COMPANY, ...overrides },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, fieldErrors: { [field]: message } });
      const after = await t.database.db
        .select()
        .from(companyProfiles)
        .where(eq(companyProfiles.userId, owner.user.id));
      expect(after).toEqual(before);
    },
  );

  it("keeps the administration's start of one user only, and empties it on an empty field", async () => {
    const someone = await t.signIn();
    const saved = await someone.request({
      method: "PUT",
      url: "/api/settings/company",
      payload: { ...COMPANY, administrationStartDate: " 2000-01-01 " },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().administrationStartDate).toBe("2000-01-01");
    const reread = await someone.request({ method: "GET", url: "/api/settings/company" });
    expect(reread.json().administrationStartDate).toBe("2000-01-01");
    for (const other of [owner, stranger]) {
      const theirs = await other.request({ method: "GET", url: "/api/settings/company" });
      expect(theirs.json().administrationStartDate).toBeNull();
    }
    const cleared = await someone.request({
      method: "PUT",
      url: "/api/settings/company",
      payload: { ...COMPANY, administrationStartDate: "" },
    });
    expect(cleared.json().administrationStartDate).toBeNull();
  });

  it("keeps the KOR's dates of one user only; whether it applies today follows the clock", async () => {
    const someone = await t.signIn();
    const saved = t.now.value;
    try {
      t.now.value = new Date("2026-09-30T10:00:00Z");
      const put = await someone.request({
        method: "PUT",
        url: "/api/settings/company",
        payload: { ...COMPANY, korStartDate: " 2026-10-01 ", korEndDate: "2026-12-31" },
      });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json()).toMatchObject({
        korStartDate: "2026-10-01",
        korEndDate: "2026-12-31",
        isKorApplied: false,
      });
      const isKorOn = async (day: string) =>
        (await getCompanyProfile(t.database.db, someone.user.id, day)).isKorApplied;
      expect([await isKorOn("2026-10-01"), await isKorOn("2026-12-31"), await isKorOn("2027-01-01")]).toEqual(
        [true, true, false],
      );
      for (const other of [owner, stranger]) {
        const theirs = (await other.request({ method: "GET", url: "/api/settings/company" })).json();
        expect(theirs).toMatchObject({ korEndDate: null });
        expect(theirs.korStartDate).not.toBe("2026-10-01");
      }
    } finally {
      t.now.value = saved;
    }
  });

  it("accepts a foreign postcode for a company abroad", async () => {
    const someone = await t.signIn();
    const response = await someone.request({
      method: "PUT",
      url: "/api/settings/company",
      payload: { ...COMPANY, country: "BE", postalCode: "1000" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ country: "BE", postalCode: "1000" });
  });
});

describe("PUT /api/user (profile)", () => {
  it("changes name and e-mail address and answers with the current user", async () => {
    const response = await owner.request({
      method: "PUT",
      url: "/api/user",
      payload: { firstName: " Sanne ", lastName: "Vries", email: "Sanne@Vries-Ontwerp.nl" },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      firstName: "Sanne",
      lastName: "Vries",
      email: "sanne@vries-ontwerp.nl",
      username: owner.user.username,
    });
    expect((await owner.request({ method: "GET", url: "/api/user" })).json()).toMatchObject({
      email: "sanne@vries-ontwerp.nl",
    });
  });

  it("refuses an e-mail address another account uses, and an invalid one", async () => {
    const taken = await owner.request({
      method: "PUT",
      url: "/api/user",
      payload: { firstName: "Sanne", email: stranger.user.email!.toUpperCase() },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      message: "Dit e-mailadres is al in gebruik",
      fieldErrors: { email: "Dit e-mailadres is al in gebruik" },
    });
    const invalid = await owner.request({ method: "PUT", url: "/api/user", payload: { email: "sanne@" } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({
      message: "Ongeldig e-mailadres",
      fieldErrors: { email: "Ongeldig e-mailadres" },
    });
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, owner.user.id));
    expect(stored!.email).toBe("sanne@vries-ontwerp.nl");
  });

  it("clears the optional fields when they are emptied", async () => {
    const someone = await t.signIn();
    const response = await someone.request({
      method: "PUT",
      url: "/api/user",
      payload: { firstName: "", lastName: "", email: "" },
    });
    expect(response.json()).toMatchObject({ firstName: null, lastName: null, email: null });
  });
});

describe("PUT /api/user/password", () => {
  it("refuses a wrong current password and keeps the old one", async () => {
    const someone = await t.signIn();
    const response = await someone.request({
      method: "PUT",
      url: "/api/user/password",
      payload: {
        currentPassword: "niet-mijn-wachtwoord",
        newPassword: "nieuw-geheim",
        confirmPassword: "nieuw-geheim",
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: "Huidig wachtwoord is onjuist",
      fieldErrors: { currentPassword: "Huidig wachtwoord is onjuist" },
    });
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, someone.user.id));
    expect(await verifyPassword(stored!.passwordHash, FACTORY_PASSWORD)).toBe(true);
  });

  it("reports every invalid field of the form at once", async () => {
    const someone = await t.signIn();
    const response = await someone.request({
      method: "PUT",
      url: "/api/user/password",
      payload: { currentPassword: "", newPassword: "kort", confirmPassword: "anders" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({
      currentPassword: "Huidig wachtwoord is vereist",
      newPassword: "Wachtwoord moet minimaal 6 karakters zijn",
      confirmPassword: "De wachtwoorden komen niet overeen",
    });
  });

  it("changes the password, ends every other session and keeps this browser signed in on a new session", async () => {
    const someone = await t.signIn();
    const otherDevice = await t.signIn({ username: `${someone.user.username}_x` });
    // A second session of the same user, as another device would have.
    const secondLogin = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: someone.user.username, password: FACTORY_PASSWORD },
    });
    const secondCookie = sessionCookieFrom(secondLogin)!;

    const response = await someone.request({
      method: "PUT",
      url: "/api/user/password",
      payload: {
        currentPassword: FACTORY_PASSWORD,
        newPassword: "nieuw-geheim",
        confirmPassword: "nieuw-geheim",
      },
    });
    expect(response.statusCode, response.body).toBe(204);
    const freshCookie = sessionCookieFrom(response)!;
    expect(freshCookie).toBeDefined();
    expect(freshCookie).not.toBe(someone.cookie);

    const asBefore = await t.app.inject({
      method: "GET",
      url: "/api/user",
      headers: { cookie: someone.cookie },
    });
    expect(asBefore.statusCode).toBe(401);
    const asSecond = await t.app.inject({
      method: "GET",
      url: "/api/user",
      headers: { cookie: secondCookie },
    });
    expect(asSecond.statusCode).toBe(401);
    const asFresh = await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie: freshCookie } });
    expect(asFresh.statusCode).toBe(200);
    expect(await t.database.db.$count(sessions, eq(sessions.userId, someone.user.id))).toBe(1);
    // Another user's sessions are not touched.
    expect((await otherDevice.request({ method: "GET", url: "/api/user" })).statusCode).toBe(200);

    const oldLogin = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: someone.user.username, password: FACTORY_PASSWORD },
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: someone.user.username, password: "nieuw-geheim" },
    });
    expect(newLogin.statusCode).toBe(200);
  });
});

describe("GET/PUT /api/settings/preferences", () => {
  const preferences = (as: SignedIn) => as.request({ method: "GET", url: "/api/settings/preferences" });
  const save = (as: SignedIn, payload: object) =>
    as.request({ method: "PUT", url: "/api/settings/preferences", payload });
  const DEFAULTS = { amountsIncludeVat: false, isOnboardingDismissed: false };

  it("answers the defaults at first, keeps a change, and each user has their own", async () => {
    const someone = await t.signIn();
    expect((await preferences(someone)).json()).toEqual(DEFAULTS);
    const saved = await save(someone, { amountsIncludeVat: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ ...DEFAULTS, amountsIncludeVat: true });
    expect((await preferences(someone)).json()).toEqual({ ...DEFAULTS, amountsIncludeVat: true });
    expect((await preferences(stranger)).json()).toEqual(DEFAULTS);
  });

  it("changes only the preferences it is given", async () => {
    const someone = await t.signIn();
    expect((await save(someone, { isOnboardingDismissed: true })).statusCode).toBe(200);
    expect((await save(someone, { amountsIncludeVat: true })).json()).toEqual({
      amountsIncludeVat: true,
      isOnboardingDismissed: true,
    });
    expect((await save(someone, { amountsIncludeVat: false })).json()).toEqual({
      amountsIncludeVat: false,
      isOnboardingDismissed: true,
    });
  });

  it.each([
    [{ amountsIncludeVat: "ja" }, { amountsIncludeVat: "Kies aan of uit" }],
    [{ amountsIncludeVat: null }, { amountsIncludeVat: "Kies aan of uit" }],
    [{ isOnboardingDismissed: 1 }, { isOnboardingDismissed: "Kies aan of uit" }],
    [{}, { _: "Geef minstens één voorkeur op" }],
    [{ theme: "dark" }, { _: "Geef minstens één voorkeur op" }],
  ])("refuses %j and changes nothing", async (payload, fieldErrors) => {
    const someone = await t.signIn();
    const refused = await save(someone, payload);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual(fieldErrors);
    expect((await preferences(someone)).json()).toEqual(DEFAULTS);
  });

  it("needs a signed-in user", async () => {
    const anonymous = await t.app.inject({ method: "GET", url: "/api/settings/preferences" });
    expect(anonymous.statusCode).toBe(401);
  });
});
