/** An address as it is printed on a card: name, street, city line, country, phone. */
import type { AddressForm } from "@/lib/rules/address";

export function AddressLines({ a, className }: { a: AddressForm; className?: string }) {
  return (
    <p className={className}>
      {a.firstName} {a.lastName}
      <br />
      {a.street}
      <br />
      {[a.city, a.state, a.zipCode].filter(Boolean).join(", ")}
      <br />
      {a.country}
      {a.phone && (
        <>
          <br />
          {a.phoneCode} {a.phone}
        </>
      )}
    </p>
  );
}
