import { describe, expect, it } from "vitest";
import { sandboxUrlOf } from "./sdk";

const token = (configUrl: string) => btoa(JSON.stringify({ version: 2, authorizationFingerprint: "f", configUrl }));

describe("sandboxUrlOf", () => {
  it("names the sandbox of a loopback client token", () => {
    expect(sandboxUrlOf(token("http://127.0.0.1:4100/sandbox/merchants/m1/client_api/v1/configuration"))).toBe("http://127.0.0.1:4100/sandbox");
    expect(sandboxUrlOf(token("http://localhost:3000/merchants/m1/client_api/v1/configuration"))).toBe("http://localhost:3000");
  });

  it("gives none for the provider's own hosts or a malformed token", () => {
    expect(sandboxUrlOf(token("https://api.payments.example/merchants/m1/client_api/v1/configuration"))).toBeUndefined();
    expect(sandboxUrlOf("not base64 json")).toBeUndefined();
    expect(sandboxUrlOf(token("http://127.0.0.1:4100/elsewhere"))).toBeUndefined();
  });
});
