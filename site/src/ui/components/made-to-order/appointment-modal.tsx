"use client";
/** BOOK AN APPOINTMENT: the contact form posted to /api/appointments. */
import { useForm } from "react-hook-form";
import { ok, shop } from "@/lib/api/client";
import { MSG, contactBody, emptyContact, type ContactForm } from "@/lib/rules/requests";
import { Modal } from "@/ui/components/common/modal";
import { StatusBanner, useTimedStatus } from "@/ui/components/common/status-banner";
import { ContactFields } from "./contact-fields";
import { applyServerErrors } from "./server-errors";

const FIELDS = ["firstName", "lastName", "email", "phoneCode", "phone", "contactTime", "message", "socialMedia"] as const;

export function AppointmentModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [status, setStatus] = useTimedStatus();
  const { register, handleSubmit, setError, reset, formState } = useForm<ContactForm>({ defaultValues: emptyContact() });
  const submit = handleSubmit(async (form) => {
    try {
      await ok(shop.POST("/api/appointments", { body: contactBody(form) }));
      setStatus({ kind: "success", text: MSG.bookingOk });
      reset(emptyContact());
    } catch (error) {
      applyServerErrors(error, FIELDS, setError);
      setStatus({ kind: "error", text: MSG.bookingFail });
    }
  });
  return (
    <Modal open={open} onClose={onClose} title="BOOK AN APPOINTMENT" size="lg">
      <form onSubmit={submit} noValidate>
        <ContactFields register={register} errors={formState.errors} idPrefix="appt" contactTime="slot" />
        <StatusBanner status={status} />
        <div className="modal__actions">
          <button type="submit" className="button" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? "Loading..." : "BOOK AN APPOINTMENT"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
