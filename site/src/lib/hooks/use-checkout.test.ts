import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/client";
import { EMPTY_ADDRESS } from "@/lib/rules/address";
import { outcomeOf, shippingPayload } from "./use-checkout";

describe("shippingPayload", () => {
  it("copies the address and adds the lowercase zipcode, without the account-only fields", () => {
    const body = shippingPayload({ ...EMPTY_ADDRESS, firstName: "Lan", zipCode: "700000", isDefault: true });
    expect(body).toMatchObject({ firstName: "Lan", zipCode: "700000", zipcode: "700000", phoneCode: "+84" });
    expect(body).not.toHaveProperty("isDefault");
  });
});

describe("outcomeOf", () => {
  it("makes a refused payment final and anything else retryable with its message", () => {
    expect(outcomeOf(new ApiError(422, "Your card was declined."))).toEqual({ kind: "failed" });
    expect(outcomeOf(new ApiError(400, "The amount has changed."))).toEqual({ kind: "retry", message: "The amount has changed." });
    expect(outcomeOf(new TypeError("Failed to fetch")).kind).toBe("retry");
  });
});
