/** The house: every name, address, phone, email and social link the site shows comes from here. */
export const house = {
  name: "MAISON LAN ANH",
  shortName: "LAN ANH",
  tagline: "Haute couture from Saigon",
  address: {
    street: "68 Đồng Khởi, Bến Nghé Ward, District 1",
    city: "Ho Chi Minh City",
    country: "Vietnam",
  },
  /** One number serves call, WhatsApp and Zalo. */
  phone: { display: "+84 28 3822 6868", e164: "+842838226868" },
  hotline: "+84 28 3822 6868",
  emails: {
    info: "info@maisonlananh.vn",
    support: "support@maisonlananh.vn",
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
  supportHours: "Daily 10:00-20:00 (GMT+7)",
  /** The house's clock (Asia/Ho_Chi_Minh): GMT+7 all year, Vietnam keeps no daylight saving. */
  utcOffsetMinutes: 7 * 60,
  copyrightYear: 2025,
  /** Every price is in US dollars (en-US format), at checkout as in the catalogue. */
  currency: "USD",
} as const;

export type House = typeof house;
