/** My Account texts (spec sections 5 and 8). */
export const PROFILE_MSG = {
  firstName: "First Name is required",
  lastName: "Last Name is required",
  updated: "Update profile successfully!",
  failed: "Failed to update Profile!",
  fillAll: "Please fill in all password fields!",
  mismatch: "New password and confirm password do not match!",
  weak: "New password does not meet requirements!",
  changed: "Password changed successfully!",
  changeFailed: "Failed to change password!",
} as const;
