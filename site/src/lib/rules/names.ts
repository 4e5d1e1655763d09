/** 'WELCOME,' shows the part of the email before the @, accents removed and đ turned to d. */
export function stripDiacritics(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/đ/g, "d")
    .replace(/Đ/g, "D");
}

export function welcomeName(email: string): string {
  return stripDiacritics(email.split("@")[0] ?? "");
}
