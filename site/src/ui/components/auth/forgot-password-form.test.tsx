// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch } from "@/test/fake-fetch";
import { renderWithSwr } from "@/test/render";
import { FORGOT_MSG, ForgotPasswordForm } from "./forgot-password-form";

afterEach(() => vi.unstubAllGlobals());

const type = (value: string) => fireEvent.change(screen.getByLabelText("Email *"), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole("button", { name: "Reset password" }));

describe("ForgotPasswordForm", () => {
  it("asks for an email the shop's rule takes, then sends it trimmed", async () => {
    const { calls } = fakeFetch({ "POST /api/auth/forgot-password": () => ({ body: { message: "sent" } }) });
    renderWithSwr(<ForgotPasswordForm />);
    submit();
    expect(await screen.findByText(FORGOT_MSG.required)).toBeTruthy();
    type("ada@example");
    submit();
    expect(await screen.findByText(FORGOT_MSG.format)).toBeTruthy();
    expect(calls).toHaveLength(0);
    type(" josé@exämple.com ");
    submit();
    expect(await screen.findByText(FORGOT_MSG.sent)).toBeTruthy();
    await waitFor(() => expect(calls.map((c) => c.body)).toEqual([{ email: "josé@exämple.com" }]));
  });
});
