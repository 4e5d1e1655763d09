import { describe, expect, it } from "vitest";
import { clampDay, dayOptions, daysInMonth, formatBirthday, isLeapYear, toIsoBirthday, yearOptions } from "./birthday";
import { stripDiacritics, welcomeName } from "./names";
import { countByStatus, inRange, presetRange, statusLabel } from "./order-dates";
import { checkPassword, firstUnmet, meetsRules } from "./passwords";

describe("names", () => {
  it("welcome name is the first name, else the email's local part, without accents, đ as d", () => {
    expect(welcomeName({ email: "bao.session.mx55ocji@example.com", firstname: "Bảo" })).toBe("Bao");
    expect(welcomeName({ email: "x@example.com", firstname: "Đức" })).toBe("Duc");
    expect(welcomeName({ email: "nguyễn.đức@example.com", firstname: "" })).toBe("nguyen.duc");
    expect(welcomeName({ email: "ĐẶNG@x.vn", firstname: "  " })).toBe("DANG");
    expect(welcomeName({ email: "plain" })).toBe("plain");
  });
  it("strips diacritics from display names", () => {
    expect(stripDiacritics("Trần Thị Hồng Đào")).toBe("Tran Thi Hong Dao");
    expect(stripDiacritics("Zoë Ångström")).toBe("Zoe Angstrom");
  });
});

describe("birthday dropdowns", () => {
  it("knows leap years", () => {
    expect([2000, 2024, 1900, 2023, 2100].map(isLeapYear)).toEqual([true, true, false, false, false]);
  });
  it("adapts the day count to month and year", () => {
    expect(daysInMonth(2, 2024)).toBe(29);
    expect(daysInMonth(2, 2023)).toBe(28);
    expect(daysInMonth(2)).toBe(29);
    expect(daysInMonth(4, 2023)).toBe(30);
    expect(daysInMonth(12, 2023)).toBe(31);
    expect(dayOptions(2, 1900)).toHaveLength(28);
    expect(dayOptions(undefined, undefined)).toHaveLength(31);
    expect(dayOptions(6, 2020).at(-1)).toBe("30");
  });
  it("years run from now down to 1900", () => {
    const years = yearOptions(new Date(2026, 0, 1));
    expect(years[0]).toBe("2026");
    expect(years.at(-1)).toBe("1900");
    expect(years).toHaveLength(127);
  });
  it("clamps a day the new month lacks, builds and shows the date", () => {
    expect(clampDay("31", 4, 2023)).toBe("30");
    expect(clampDay("29", 2, 2023)).toBe("28");
    expect(clampDay("15", 2, 2023)).toBe("15");
    expect(toIsoBirthday("1990", "02", "09")).toBe("1990-02-09");
    expect(toIsoBirthday("1990", "", "09")).toBe("");
    expect(formatBirthday("1990-02-09")).toBe("02/09/1990");
    expect(formatBirthday(null)).toBe("");
  });
});

describe("passwords", () => {
  it("lists each unmet rule", () => {
    expect(
      checkPassword("abc", "signUp")
        .filter((r) => !r.met)
        .map((r) => r.key),
    ).toEqual(["length", "digit", "special"]);
    expect(firstUnmet("abcdefgh1", "reset")).toBe('Please enter one special character (!+,-./:;<="?@).');
    expect(meetsRules("abcdefg1!", "change")).toBe(true);
  });
  it("accepts & and the quote for sign-up and reset, not for change", () => {
    expect(meetsRules("abcdefg1&", "signUp")).toBe(true);
    expect(meetsRules('abcdefg1"', "reset")).toBe(true);
    expect(meetsRules("abcdefg1&", "change")).toBe(false);
  });
});

describe("order date filter", () => {
  const now = new Date(2026, 5, 15, 12, 0, 0);
  const at = (d: number, h = 10) => new Date(2026, 5, d, h).toISOString();
  it("today covers the whole local day", () => {
    const r = presetRange("today", now);
    expect(inRange(at(15, 0), r)).toBe(true);
    expect(inRange(at(15, 23), r)).toBe(true);
    expect(inRange(at(14, 23), r)).toBe(false);
  });
  it("last 7 and 30 days include today and count back", () => {
    expect(inRange(at(9), presetRange("7d", now))).toBe(true);
    expect(inRange(at(8), presetRange("7d", now))).toBe(false);
    expect(inRange(new Date(2026, 4, 17, 10).toISOString(), presetRange("30d", now))).toBe(true);
    expect(inRange(new Date(2026, 4, 16, 10).toISOString(), presetRange("30d", now))).toBe(false);
  });
  it("a custom range is inclusive whichever end is picked first; no range lets everything through", () => {
    const r = presetRange("custom", now, { from: new Date(2026, 5, 12), to: new Date(2026, 5, 10) });
    expect(inRange(at(10, 0), r)).toBe(true);
    expect(inRange(at(12, 23), r)).toBe(true);
    expect(inRange(at(13), r)).toBe(false);
    expect(presetRange("custom", now, null)).toBeNull();
    expect(inRange(at(1), presetRange("all", now))).toBe(true);
  });
  it("presets count back across a month and a year: on 1 January and on 31 December", () => {
    const newYear = new Date(2027, 0, 1, 9);
    expect(inRange(new Date(2026, 11, 26, 10).toISOString(), presetRange("7d", newYear))).toBe(true);
    expect(inRange(new Date(2026, 11, 25, 10).toISOString(), presetRange("7d", newYear))).toBe(false);
    expect(inRange(new Date(2026, 11, 3, 10).toISOString(), presetRange("30d", newYear))).toBe(true);
    expect(inRange(new Date(2026, 11, 31, 23).toISOString(), presetRange("today", newYear))).toBe(false);
    const yearEnd = new Date(2026, 11, 31, 23, 30);
    expect(inRange(new Date(2026, 11, 31, 0).toISOString(), presetRange("today", yearEnd))).toBe(true);
    expect(inRange(new Date(2026, 11, 25, 10).toISOString(), presetRange("7d", yearEnd))).toBe(true);
    expect(inRange(new Date(2026, 11, 24, 10).toISOString(), presetRange("7d", yearEnd))).toBe(false);
  });
  it("status labels and counts", () => {
    expect(statusLabel("awaiting_confirmation")).toBe("AWAITING CONFIRMATION");
    expect(statusLabel("pending")).toBe("PENDING");
    expect(countByStatus([{ status: "confirmed" }, { status: "confirmed" }, { status: "pending" }])).toEqual({
      all: 3,
      awaiting_confirmation: 0,
      confirmed: 2,
      delivered: 0,
      canceled: 0,
    });
  });
});

describe("address rules", async () => {
  const { accountPhoneRule, sortAddresses, zipRule } = await import("./address");
  it("postal code 4-10 digits, phone 6-20 of digits + - ( ) and spaces", () => {
    expect(zipRule("")).toBe("Please enter postal code.");
    expect(zipRule("123")).toBe("Please enter a valid postal code.");
    expect(zipRule("700000")).toBe(true);
    expect(accountPhoneRule("")).toBe("Please enter phone number.");
    expect(accountPhoneRule("12a456")).toBe("Please enter a valid phone number.");
    expect(accountPhoneRule("(090) 123-4567")).toBe(true);
  });
  it("lists the default address first", () => {
    expect(
      sortAddresses([
        { id: 1, isDefault: false },
        { id: 2, isDefault: true },
      ]).map((a) => a.id),
    ).toEqual([2, 1]);
  });
});

describe("login errors", async () => {
  const { LOGIN_FAILED, loginErrorField, loginErrorMessage } = await import("@/lib/hooks/use-auth");
  const { ApiError } = await import("@/lib/api/client");
  it("shows a message that mentions the password by the password field, else by the email", () => {
    expect(loginErrorField("Incorrect email or password.")).toBe("password");
    expect(loginErrorField("Too many attempts. Please try again later.")).toBe("email");
  });
  it("uses the server's text, else 'Failed to Login'", () => {
    expect(loginErrorMessage(new ApiError(401, "Incorrect email or password."))).toBe("Incorrect email or password.");
    expect(loginErrorMessage(new ApiError(500, "Request failed (500)"))).toBe(LOGIN_FAILED);
    expect(loginErrorMessage(new TypeError("offline"))).toBe(LOGIN_FAILED);
  });
});

describe("login prefill", async () => {
  const { fakeFetch } = await import("@/test/fake-fetch");
  const { fetchProfile, knownEmail } = await import("@/lib/hooks/use-session");
  it("remembers the last profile's email after the session ends", async () => {
    let live = true;
    fakeFetch({
      "GET /api/auth/me": () => (live ? { body: { id: "u1", email: "lan@example.com" } } : { status: 401 }),
      "POST /api/auth/refresh": () => ({ status: 401 }),
    });
    expect((await fetchProfile())?.email).toBe("lan@example.com");
    live = false;
    expect(await fetchProfile()).toBeNull();
    expect(knownEmail()).toBe("lan@example.com");
  });
});
