/** A house that is not the sample's, for the components that show the house. */
import type { House } from "@/lib/api/types";

export const OPALE: House = {
  name: "Atelier Opale",
  shortName: "OPALE",
  tagline: "Couture from Lyon",
  logo: "",
  previewPicture: "",
  address: { street: "3 rue des Lilas", city: "Lyon", country: "France" },
  phone: { display: "+33 4 78 00 00 00", e164: "+33478000000" },
  emails: { contact: "bonjour@opale.example", press: "" },
  social: { instagram: "https://www.instagram.com/atelieropale" },
  hours: "Tuesday to Saturday 10:00-19:00",
  timeZone: "Europe/Paris",
  utcOffsetMinutes: 60,
  copyright: "ATELIER OPALE",
  wording: { greeting: "Welcome to Atelier Opale", signOff: "Atelier Opale", signature: ["Atelier Opale"] },
  status: "active",
};
