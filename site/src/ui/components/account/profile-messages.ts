/** My Account texts (spec sections 5 and 8). */
import { MESSAGES } from "@/lib/messages";

export const PROFILE_MSG = {
  firstName: MESSAGES.forms.PROFILE_FIRST_NAME_REQUIRED,
  lastName: MESSAGES.forms.PROFILE_LAST_NAME_REQUIRED,
  updated: MESSAGES.accounts.PROFILE_UPDATED,
  failed: "Failed to update Profile!",
  fillAll: MESSAGES.forms.FILL_ALL_PASSWORDS,
  mismatch: MESSAGES.forms.CHANGE_PASSWORDS_DIFFER,
  weak: MESSAGES.forms.CHANGE_NOT_COMPLEX,
  changed: MESSAGES.accounts.PASSWORD_CHANGED,
  changeFailed: "Failed to change password!",
} as const;
