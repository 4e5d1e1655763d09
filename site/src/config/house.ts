import { MESSAGES } from "@/lib/messages";

/**
 * The house: every name, address, phone, email and social link the site shows comes from here; the
 * details the API's emails and invoices also give come from the domain's (shared/messages.json).
 */
export const house = {
  name: "MAISON LAN ANH",
  shortName: "LAN ANH",
  tagline: "Haute couture from Saigon",
  address: {
    street: MESSAGES.house.STREET,
    city: MESSAGES.house.CITY,
    country: MESSAGES.house.COUNTRY,
  },
  /** One number serves call, WhatsApp and Zalo. */
  phone: { display: MESSAGES.house.PHONE, e164: "+842838226868" },
  hotline: MESSAGES.house.PHONE,
  emails: {
    /** The house's one address for shoppers: the footer, the Contact page, its emails and invoices. */
    contact: MESSAGES.house.SUPPORT_EMAIL,
    press: "press@maisonlananh.vn",
  },
  social: {
    facebook: "https://www.facebook.com/maisonlananh",
    instagram: "https://www.instagram.com/maisonlananh",
    whatsapp: "https://wa.me/842838226868",
    wechat: "https://u.wechat.com/maisonlananh",
    zalo: "https://zalo.me/842838226868",
    youtube: "https://www.youtube.com/@maisonlananh",
  },
  supportHours: MESSAGES.house.SUPPORT_HOURS,
  /** The house's clock (Asia/Ho_Chi_Minh): GMT+7 all year, Vietnam keeps no daylight saving. */
  utcOffsetMinutes: 7 * 60,
  /** Every price is in US dollars (en-US format), at checkout as in the catalogue. */
  currency: "USD",
} as const;

export type House = typeof house;
