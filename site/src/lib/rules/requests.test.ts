import { describe, expect, it } from "vitest";
import { MSG, emptyContact, emptyMeasurements, madeToOrderBody, measurementRule, phoneRule, shownMeasurement, type MadeToOrderForm } from "./requests";

describe("request rules", () => {
  it("asks for the phone only when phone and code are both empty", () => {
    expect(phoneRule("", "")).toBe(MSG.phone);
    expect(phoneRule("  ", " ")).toBe(MSG.phone);
    expect(phoneRule("", "+84")).toBe(true);
    expect(phoneRule("901234567", "")).toBe(true);
  });
  it("sends the unit, each measurement as a number, and a field left alone as null (not 0)", () => {
    const form: MadeToOrderForm = {
      ...emptyContact(),
      ...emptyMeasurements(),
      firstName: " Lan ",
      lastName: "Anh",
      email: "lan@example.com",
      phone: "901234567",
      contactTime: "2026-01-10",
      nameProduct: "Lotus gown",
      measurementUnit: "in",
      height: "66",
      bust: "33.5",
      waist: " ",
      agree: true,
    };
    const body = madeToOrderBody(form);
    expect(body).not.toHaveProperty("agree");
    expect(body.firstName).toBe("Lan");
    expect(body.phoneCode).toBe("+84");
    expect(body.customSizeOrder).toEqual({
      nameProduct: "Lotus gown",
      measurementUnit: "in",
      height: 66,
      weight: null,
      bust: 33.5,
      waist: null,
      hips: null,
      shoulderWidth: null,
      armLength: null,
      neckCircumference: null,
    });
  });
  it("takes a measurement left alone or in the server's range", () => {
    for (const ok of ["", " ", "0.1", "168", "999.9"]) expect(measurementRule(ok)).toBe(true);
    for (const bad of ["0", "-3", "1000", "abc"]) expect(measurementRule(bad)).toBe(MSG.measurement);
  });
  it("shows a measurement with its unit, the weight in kg or lb, and one left alone as not given", () => {
    expect(shownMeasurement(168, "height", "cm")).toBe("168 cm");
    expect(shownMeasurement(120, "weight", "in")).toBe("120 lb");
    expect(shownMeasurement(52, "weight", "cm")).toBe("52 kg");
    expect(shownMeasurement(null, "bust", "in")).toBe("not given");
  });
});
