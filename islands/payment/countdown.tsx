import { useEffect, useState } from "react";

/** mm:ss until `until` (h:mm:ss from an hour on, never "1440:00"); 00:00 once it has passed. */
export function formatRemaining(milliseconds: number): string {
  const seconds = Math.max(0, Math.ceil(milliseconds / 1000));
  const minutes = Math.floor(seconds / 60);
  const mmss = (m: number) => `${String(m).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;
  return minutes < 60 ? mmss(minutes) : `${Math.floor(minutes / 60)}:${mmss(minutes % 60)}`;
}

export function useRemaining(until: string): number {
  const deadline = new Date(until).getTime();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return deadline - now;
}
