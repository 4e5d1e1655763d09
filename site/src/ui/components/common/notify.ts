/** Toasts: 5 s, top-right by default, top-centre for product toasts (spec section 9). */
import { toast, type TypeOptions } from "react-toastify";

export const TOAST_MS = 5000;

export const notify = {
  show(message: string, type: TypeOptions = "default") {
    toast(message, { type, autoClose: TOAST_MS, position: "top-right" });
  },
  product(message: string, type: TypeOptions = "default") {
    toast(message, { type, autoClose: TOAST_MS, position: "top-center" });
  },
};
