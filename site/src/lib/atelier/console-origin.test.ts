import { describe, expect, it, vi } from "vitest";
import { consoleAddress, goToConsoleAddress } from "./console-origin";

describe("the console's address", () => {
  it("is the same page on localhost when opened at 127.0.0.1 (a passkey needs a domain)", () => {
    expect(consoleAddress(new URL("http://127.0.0.1:3000/atelier/order/?id=o1#x"))).toBe("http://localhost:3000/atelier/order/?id=o1#x");
  });

  it("is where it is on localhost and on the shop's own domain", () => {
    expect(consoleAddress(new URL("http://localhost:3000/atelier/"))).toBeNull();
    expect(consoleAddress(new URL("https://shop.example/atelier/"))).toBeNull();
    expect(consoleAddress(new URL("http://127.0.0.2:3000/atelier/"))).toBeNull();
  });

  it("sends the browser on only from 127.0.0.1", () => {
    const at = (href: string) => ({ href, replace: vi.fn() });
    const ip = at("http://127.0.0.1:4100/atelier/enrol/?token=t");
    expect(goToConsoleAddress(ip)).toBe(true);
    expect(ip.replace).toHaveBeenCalledWith("http://localhost:4100/atelier/enrol/?token=t");
    const named = at("http://localhost:4100/atelier/");
    expect(goToConsoleAddress(named)).toBe(false);
    expect(named.replace).not.toHaveBeenCalled();
  });
});
