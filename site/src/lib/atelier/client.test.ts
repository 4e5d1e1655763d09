import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api/client";
import { MESSAGES } from "@/lib/messages";
import { fakeFetch } from "@/test/fake-fetch";
import { OWNER_ONLY, atelier, onSignedOut, query } from "./client";

afterEach(() => vi.unstubAllGlobals());

describe("the console's client", () => {
  it("sends JSON with the console's cookie and answers the body", async () => {
    const { calls } = fakeFetch({ "POST /api/atelier/orders/o1/notes": () => ({ body: { id: "o1" } }) });
    await expect(atelier.post("/orders/o1/notes", { text: "Call her" })).resolves.toEqual({ id: "o1" });
    expect(calls).toEqual([{ method: "POST", url: "/api/atelier/orders/o1/notes", body: { text: "Call her" }, credentials: "include" }]);
  });

  it("throws the server's message, and tells the frame on a 401", async () => {
    fakeFetch({
      "GET /api/atelier/me": () => ({ status: 401, body: { message: MESSAGES.atelier.SIGN_IN_REQUIRED, code: "UNAUTHORIZED" } }),
      "POST /api/atelier/orders/o1/confirm": () => ({ status: 409, body: { message: "This order is already confirmed.", code: "CONFLICT" } }),
    });
    const listener = vi.fn();
    const stop = onSignedOut(listener);
    await expect(atelier.post("/orders/o1/confirm")).rejects.toThrow("This order is already confirmed.");
    expect(listener).not.toHaveBeenCalled();
    const refused = await atelier.get("/me").catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(401);
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });

  it("words a 403 as the owner's", async () => {
    fakeFetch({ "GET /api/atelier/staff": () => ({ status: 403, body: { message: "Forbidden", code: "FORBIDDEN" } }) });
    await expect(atelier.get("/staff")).rejects.toThrow(OWNER_ONLY);
  });

  it("answers nothing for a 204", async () => {
    fakeFetch({ "DELETE /api/atelier/staff/s2": () => ({ status: 204 }) });
    await expect(atelier.del("/staff/s2")).resolves.toBeUndefined();
  });

  it("builds a query from the filled fields alone", () => {
    expect(query({ status: "", q: "#SQBB", from: undefined })).toBe("?q=%23SQBB");
    expect(query({ status: "" })).toBe("");
  });
});
