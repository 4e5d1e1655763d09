"use client";
/** The toasts' container and styles, loaded with the first toast (see ./notify). */
import { ToastContainer } from "react-toastify";
import "react-toastify/dist/ReactToastify.css";
import { TOAST_MS } from "./notify";

export default function Toasts() {
  return <ToastContainer position="top-right" autoClose={TOAST_MS} theme="dark" newestOnTop />;
}
