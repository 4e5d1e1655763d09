"use client";
/** A muted film with its own play/pause button; nothing downloads before play. */
import { useRef, useState } from "react";
import { PauseIcon, PlayIcon } from "@/ui/components/common/icons";

export function Film({ src, poster, label }: { src: string; poster?: string; label: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const toggle = () => {
    const v = ref.current;
    if (!v) return;
    if (v.paused) v.play().catch((e) => console.error("video play failed", e));
    else v.pause();
  };
  return (
    <div className="film">
      <video
        ref={ref}
        src={src || undefined}
        poster={poster}
        muted
        loop
        playsInline
        preload="none"
        aria-label={label}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
      />
      <button type="button" className="film__toggle" aria-label={playing ? `Pause ${label}` : `Play ${label}`} onClick={toggle}>
        {playing ? <PauseIcon /> : <PlayIcon />}
      </button>
    </div>
  );
}
