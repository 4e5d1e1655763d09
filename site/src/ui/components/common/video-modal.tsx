"use client";
/** SEE THE FILM: a YouTube address plays in an embedded player, an mp4 in a native player. */
import { Modal } from "./modal";

/** The embeddable form of a YouTube address (watch?v=, youtu.be/, embed/ or shorts/), or null. */
export function youtubeEmbedUrl(url: string): string | null {
  try {
    const u = new URL(url);
    const host = u.hostname.replace(/^www\.|^m\./, "");
    let id: string | null = null;
    if (host === "youtu.be") id = u.pathname.slice(1);
    else if (host.endsWith("youtube.com") || host.endsWith("youtube-nocookie.com")) {
      id = u.searchParams.get("v") ?? u.pathname.match(/\/(?:embed|shorts|live)\/([^/?]+)/)?.[1] ?? null;
    }
    return id && /^[\w-]{6,20}$/.test(id) ? `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0` : null;
  } catch {
    return null;
  }
}

interface Props {
  open: boolean;
  onClose: () => void;
  title: string;
  youtubeUrl?: string;
  mp4?: string;
}

export function VideoModal({ open, onClose, title, youtubeUrl, mp4 }: Props) {
  const embed = youtubeUrl ? youtubeEmbedUrl(youtubeUrl) : null;
  return (
    <Modal open={open} onClose={onClose} title={title} size="video" hideTitle>
      <div className="video-frame">
        {embed ? (
          <iframe src={embed} title={title} allow="autoplay; encrypted-media; fullscreen" allowFullScreen />
        ) : mp4 ? (
          <video src={mp4} controls autoPlay playsInline aria-label={title} />
        ) : (
          <p className="muted">This film is not available yet.</p>
        )}
      </div>
    </Modal>
  );
}
