import { describe, expect, it } from "vitest";
import { MSG, emptyContact, madeToOrderBody, phoneRule, type MadeToOrderForm } from "./requests";

describe("request rules", () => {
  it("asks for the phone only when phone and code are both empty", () => {
    expect(phoneRule("", "")).toBe(MSG.phone);
    expect(phoneRule("  ", " ")).toBe(MSG.phone);
    expect(phoneRule("", "+84")).toBe(true);
    expect(phoneRule("901234567", "")).toBe(true);
  });
  it("sends measurements as numbers and leaves the unit out", () => {
    const form: MadeToOrderForm = {
      ...emptyContact(),
      firstName: " Lan ",
      lastName: "Anh",
      email: "lan@example.com",
      phone: "901234567",
      contactTime: "2026-01-10",
      nameProduct: "Lotus gown",
      measurementUnit: "in",
      height: 165,
      weight: Number.NaN,
      bust: 86,
      waist: 66,
      hips: 92,
      shoulderWidth: 38,
      armLength: 58,
      neckCircumference: 33,
      agree: true,
    };
    const body = madeToOrderBody(form);
    expect(body).not.toHaveProperty("measurementUnit");
    expect(body).not.toHaveProperty("agree");
    expect(body.firstName).toBe("Lan");
    expect(body.phoneCode).toBe("+84");
    expect(body.customSizeOrder).toEqual({ nameProduct: "Lotus gown", height: 165, weight: 0, bust: 86, waist: 66, hips: 92, shoulderWidth: 38, armLength: 58, neckCircumference: 33 });
  });
});
