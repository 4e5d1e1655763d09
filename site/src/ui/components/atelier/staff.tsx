"use client";
/** The house's staff (the owner's page): members and their passkeys, open invitations, invite, remove. */
import { useState, type FormEvent } from "react";
import { atelier } from "@/lib/atelier/client";
import { dayOf, when } from "@/lib/atelier/formats";
import type { StaffList, StaffMemberView } from "@/lib/atelier/types";
import { useAtelier } from "@/lib/atelier/use-atelier";
import { ConfirmDialog } from "./confirm-dialog";
import { LoadState } from "./load-state";
import { useAction } from "./use-action";

export function Staff() {
  const list = useAtelier<StaffList>("/staff");
  const { busy, run } = useAction();
  const [removing, setRemoving] = useState<StaffMemberView | null>(null);
  const invite = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const d = new FormData(form);
    const body = { email: d.get("email"), name: d.get("name"), role: d.get("role") };
    const sent = await run(
      "invite",
      () => atelier.post<{ email: string }>("/staff/invitations", body),
      () => void list.mutate(),
      `Invitation sent to ${String(body.email)}.`,
    );
    if (sent) form.reset();
  };
  const remove = (member: StaffMemberView) =>
    run(
      "remove",
      () => atelier.del(`/staff/${encodeURIComponent(member.id)}`),
      () => void list.mutate(),
      `${member.name} can no longer sign in.`,
    ).then((done) => done && setRemoving(null));
  return (
    <>
      <h1>Staff</h1>
      <LoadState error={list.error} loading={list.isLoading}>
        <table className="atelier-table">
          <caption>Members</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Passkeys</th>
              <th scope="col">Since</th>
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data?.staff.map((m) => (
              <tr key={m.id}>
                <th scope="row">{m.name}</th>
                <td>{m.email}</td>
                <td>{m.role}</td>
                <td>{m.passkeys}</td>
                <td>{dayOf(m.since)}</td>
                <td>
                  <button type="button" className="atelier-button atelier-button--danger" onClick={() => setRemoving(m)}>
                    Remove {m.name}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {!!list.data?.invitations.length && (
          <table className="atelier-table">
            <caption>Open invitations</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Invited by</th>
                <th scope="col">Link valid until</th>
              </tr>
            </thead>
            <tbody>
              {list.data.invitations.map((i) => (
                <tr key={i.email}>
                  <th scope="row">{i.name}</th>
                  <td>{i.email}</td>
                  <td>{i.role}</td>
                  <td>{i.invitedBy}</td>
                  <td>{when(i.expiresAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </LoadState>
      <form className="atelier-form atelier-form--inline" aria-labelledby="invite-title" onSubmit={(e) => void invite(e)}>
        <h2 id="invite-title">Invite</h2>
        <p className="atelier-muted">The link in the email is valid 72 hours, once. Invite a member again to replace a lost passkey.</p>
        <label>
          Name
          <input name="name" required autoComplete="off" />
        </label>
        <label>
          Email
          <input name="email" type="email" required autoComplete="off" />
        </label>
        <label>
          Role
          <select name="role" defaultValue="staff">
            <option value="staff">Staff (orders, requests, notes)</option>
            <option value="owner">Owner (everything, refunds and staff too)</option>
          </select>
        </label>
        <button type="submit" className="atelier-button" disabled={busy === "invite"}>
          Send invitation
        </button>
      </form>
      <ConfirmDialog
        open={!!removing}
        title={`Remove ${removing?.name ?? ""}?`}
        confirm="Remove"
        busy={busy === "remove"}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && void remove(removing)}
      >
        <p>Their passkeys stop working and their sessions end now.</p>
      </ConfirmDialog>
    </>
  );
}
