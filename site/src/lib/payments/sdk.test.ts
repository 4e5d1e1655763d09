import { describe, expect, it } from "vitest";
import { assetsUrlOf, sandboxUrlOf } from "./sdk";

const token = (configUrl: string, assetsUrl?: string) => btoa(JSON.stringify({ version: 2, authorizationFingerprint: "f", configUrl, assetsUrl }));

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

describe("assetsUrlOf", () => {
  it("loads the SDK from a local sandbox's own assets host", () => {
    expect(assetsUrlOf(token("http://127.0.0.1:4100/sandbox/merchants/m1/client_api/v1/configuration", "http://127.0.0.1:4101"))).toBe("http://127.0.0.1:4101");
  });

  it("else from the assets host the build names, never a provider's or a remote one from the token", () => {
    expect(assetsUrlOf(token("https://api.payments.example/merchants/m1/client_api/v1/configuration", "https://assets.payments.example"))).toBe(
      "http://127.0.0.1:3001",
    );
    expect(assetsUrlOf(token("http://127.0.0.1:4100/sandbox/merchants/m1/client_api/v1/configuration", "https://evil.example"))).toBe("http://127.0.0.1:3001");
    expect(assetsUrlOf("not base64 json")).toBe("http://127.0.0.1:3001");
  });
});
