// @vitest-environment jsdom
import { EMPTY_ADDRESS } from "@/lib/rules/address";
import { EMPTY_DRAFT, clearDraft, loadDraft, updateDraft } from "./draft";

const address = { ...EMPTY_ADDRESS, firstName: "Lan", lastName: "Tran", country: "Vietnam", street: "1 Le Loi", zipCode: "700000" };

describe("the checkout draft", () => {
  beforeEach(() => sessionStorage.clear());

  it("is empty until something is kept, with the address book box on", () => {
    expect(loadDraft("a@example.com")).toEqual(EMPTY_DRAFT);
    expect(EMPTY_DRAFT.keepAddress).toBe(true);
  });

  it("keeps each change beside the rest", () => {
    updateDraft("a@example.com", { form: address, choice: { kind: "new" } });
    updateDraft("a@example.com", { shipping: address });
    expect(loadDraft("a@example.com")).toEqual({ choice: { kind: "new" }, form: address, shipping: address, keepAddress: true });
  });

  it("is each shopper's own and cleared once the order is placed", () => {
    updateDraft("a@example.com", { shipping: address });
    expect(loadDraft("b@example.com").shipping).toBeNull();
    clearDraft("a@example.com");
    expect(loadDraft("a@example.com")).toEqual(EMPTY_DRAFT);
  });

  it("reads an unreadable draft as none", () => {
    sessionStorage.setItem("checkout-draft:a@example.com", "{not json");
    expect(loadDraft("a@example.com")).toEqual(EMPTY_DRAFT);
  });
});
