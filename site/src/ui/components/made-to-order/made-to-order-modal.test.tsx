// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch } from "@/test/fake-fetch";
import { renderWithSwr } from "@/test/render";
import { AppointmentModal } from "./appointment-modal";
import { MadeToOrderModal } from "./made-to-order-modal";

afterEach(() => vi.unstubAllGlobals());

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const current = () => document.querySelector(".steps__item--on")?.textContent;

/** Fills step 1 (Lan Nguyen, lan@example.com, the delivery date) and moves on to the measurements. */
async function toMeasurements(date = "2027-03-15") {
  type("First name *", "Lan");
  type("Last name *", "Nguyen");
  type("Email *", "lan@example.com");
  type("Preferred delivery date *", date);
  fireEvent.click(screen.getByRole("button", { name: "NEXT" }));
  await waitFor(() => expect(current()).toContain("Measurements"));
}

describe("MadeToOrderModal", () => {
  it("validates step 0 with the spec's messages before moving on", async () => {
    fakeFetch({});
    renderWithSwr(<MadeToOrderModal open productName="Lotus Gown" onClose={() => {}} />);
    type("Phone code", "");
    fireEvent.click(screen.getByRole("button", { name: "NEXT" }));
    for (const message of [
      "Please enter your first name.",
      "Please enter your last name.",
      "Please enter your email.",
      "Please enter your phone.",
      "Prefered Delivery Date is required",
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(current()).toContain("Information");
  });

  it("walks the three steps, requires the terms, and posts the request", async () => {
    const { calls } = fakeFetch({ "POST /api/made-to-order": () => ({ status: 201, body: { data: { id: "r1" } } }) });
    renderWithSwr(<MadeToOrderModal open productName="Lotus Gown" onClose={() => {}} />);
    type("Phone number", "901234567");
    await toMeasurements("2026-02-14");
    type("Bust (cm)", "86");
    fireEvent.click(screen.getByRole("button", { name: "BACK" }));
    expect(current()).toContain("Information");
    fireEvent.click(screen.getByRole("button", { name: "NEXT" }));
    await waitFor(() => expect(current()).toContain("Measurements"));
    fireEvent.click(screen.getByRole("button", { name: "NEXT" }));
    await waitFor(() => expect(current()).toContain("Terms & Conditions"));
    fireEvent.click(screen.getByRole("button", { name: "SUBMIT" }));
    expect(await screen.findByText("You must agree to the Terms & Conditions before proceeding.")).toBeTruthy();
    expect(calls).toHaveLength(0);
    fireEvent.click(screen.getByRole("checkbox"));
    fireEvent.click(screen.getByRole("button", { name: "SUBMIT" }));
    expect(await screen.findByText("Your order has been submitted. We will get in touch with you soon, please stay tuned.")).toBeTruthy();
    expect(calls[0]?.body).toMatchObject({
      firstName: "Lan",
      phoneCode: "+84",
      contactTime: "2026-02-14",
      customSizeOrder: { nameProduct: "Lotus Gown", measurementUnit: "cm", bust: 86, waist: null },
    });
  });

  it("starts measurements empty, sends the unit chosen, and after sending shows what the house received", async () => {
    const { calls } = fakeFetch({ "POST /api/made-to-order": () => ({ status: 201, body: { message: "ok", data: { id: "01REF" } } }) });
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithSwr(<MadeToOrderModal open productName="Lotus Gown" onClose={onClose} />);
    await toMeasurements();
    await user.click(screen.getByRole("radio", { name: "in" }));
    const height = screen.getByLabelText("Height (in)") as HTMLInputElement;
    expect(height.value).toBe("");
    await user.type(height, "66");
    expect(height.value).toBe("66");
    // The click that leaves step 2 does not submit the form: no terms message before SUBMIT.
    await user.click(screen.getByRole("button", { name: "NEXT" }));
    await waitFor(() => expect(current()).toContain("Terms & Conditions"));
    expect(screen.queryByText("You must agree to the Terms & Conditions before proceeding.")).toBeNull();
    await user.click(screen.getByRole("checkbox"));
    await user.click(screen.getByRole("button", { name: "SUBMIT" }));
    expect(await screen.findByText("REQUEST SENT")).toBeTruthy();
    expect(calls[0]?.body).toMatchObject({ customSizeOrder: { measurementUnit: "in", height: 66, weight: null } });
    expect(screen.queryByRole("button", { name: "NEXT" })).toBeNull();
    expect(screen.getByText("01REF")).toBeTruthy();
    expect(screen.getByText("66 in")).toBeTruthy();
    expect(screen.getAllByText("not given")).toHaveLength(7);
    await user.click(screen.getByRole("button", { name: "CLOSE" }));
    expect(onClose).toHaveBeenCalled();
  });

  it("refuses a measurement out of range on step 2", async () => {
    fakeFetch({});
    renderWithSwr(<MadeToOrderModal open productName="Lotus Gown" onClose={() => {}} />);
    await toMeasurements();
    type("Waist (cm)", "-4");
    fireEvent.click(screen.getByRole("button", { name: "NEXT" }));
    expect(await screen.findByText("Please enter a number from 0.1 to 999.9, or leave it empty.")).toBeTruthy();
    expect(current()).toContain("Measurements");
  });

  it("shows the failure message when the server refuses", async () => {
    fakeFetch({ "POST /api/made-to-order": () => ({ status: 500, body: { message: "down" } }) });
    renderWithSwr(<MadeToOrderModal open productName="Lotus Gown" onClose={() => {}} />);
    await toMeasurements("2026-02-14");
    fireEvent.click(screen.getByRole("button", { name: "NEXT" }));
    await waitFor(() => expect(current()).toContain("Terms & Conditions"));
    fireEvent.click(screen.getByRole("checkbox"));
    fireEvent.click(screen.getByRole("button", { name: "SUBMIT" }));
    expect(await screen.findByText("We’re sorry, but we couldn’t submit your order at the moment. Please try again later.")).toBeTruthy();
  });
});

describe("AppointmentModal", () => {
  it("offers the four contact times and books", async () => {
    const { calls } = fakeFetch({ "POST /api/appointments": () => ({ status: 201, body: {} }) });
    renderWithSwr(<AppointmentModal open onClose={() => {}} />);
    const options = Array.from((screen.getByLabelText("Preferred contact time *") as HTMLSelectElement).options).map((o) => o.value);
    expect(options).toEqual(["", "any", "9-12", "12-15", "15-18"]);
    fireEvent.click(screen.getByRole("button", { name: "BOOK AN APPOINTMENT" }));
    expect(await screen.findByText("Please enter your email.")).toBeTruthy();
    type("First name *", "Lan");
    type("Last name *", "Nguyen");
    type("Email *", "lan@example.com");
    type("Preferred contact time *", "9-12");
    fireEvent.click(screen.getByRole("button", { name: "BOOK AN APPOINTMENT" }));
    expect(await screen.findByText("Your appointment has been booked successfully. We will get in touch with you soon, please stay tuned.")).toBeTruthy();
    expect(calls[0]?.body).toEqual({
      firstName: "Lan",
      lastName: "Nguyen",
      email: "lan@example.com",
      phoneCode: "+84",
      phone: "",
      contactTime: "9-12",
      message: "",
      socialMedia: "",
    });
  });

  it("puts the server's field messages on the fields and shows the failure text", async () => {
    fakeFetch({ "POST /api/appointments": () => ({ status: 400, body: { message: "Invalid", errors: { email: "Please enter your email." } } }) });
    renderWithSwr(<AppointmentModal open onClose={() => {}} />);
    type("First name *", "Lan");
    type("Last name *", "Nguyen");
    type("Email *", "lan@example.com");
    type("Preferred contact time *", "any");
    fireEvent.click(screen.getByRole("button", { name: "BOOK AN APPOINTMENT" }));
    expect(await screen.findByText("Book an Apointment fail. Please try again.")).toBeTruthy();
    expect(screen.getByText("Please enter your email.")).toBeTruthy();
  });

  it("checks the email with the shop's one rule: internationalised addresses pass, malformed ones do not", async () => {
    const { calls } = fakeFetch({ "POST /api/appointments": () => ({ status: 201, body: {} }) });
    renderWithSwr(<AppointmentModal open onClose={() => {}} />);
    type("First name *", "Thu");
    type("Last name *", "Đặng");
    type("Email *", "ada lovelace@x.com");
    type("Preferred contact time *", "any");
    fireEvent.click(screen.getByRole("button", { name: "BOOK AN APPOINTMENT" }));
    expect(await screen.findByText("Please enter a valid email address.")).toBeTruthy();
    expect(calls).toHaveLength(0);
    type("Email *", "đặng.thu@example.com");
    fireEvent.click(screen.getByRole("button", { name: "BOOK AN APPOINTMENT" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({ email: "đặng.thu@example.com" });
  });
});
