"use client";

import QRCode from "qrcode";
import { useMemo } from "react";
import styles from "./check-in.module.css";

/**
 * The member's code as a QR, drawn as one SVG path of its dark modules (no markup injected, no image
 * request): crisp at any size and in print. Medium error correction survives a scratched phone screen.
 */
export function MemberQr({ code, label, className = styles.qr }: { code: string; label: string; className?: string }) {
  const { size, path } = useMemo(() => {
    const { modules } = QRCode.create(code, { errorCorrectionLevel: "M" });
    let d = "";
    for (let row = 0; row < modules.size; row += 1) {
      for (let column = 0; column < modules.size; column += 1) if (modules.get(row, column)) d += `M${column} ${row}h1v1h-1z`;
    }
    return { size: modules.size, path: d };
  }, [code]);
  const quiet = 3;
  return (
    <svg
      className={className}
      role="img"
      aria-label={label}
      viewBox={`${-quiet} ${-quiet} ${size + 2 * quiet} ${size + 2 * quiet}`}
      shapeRendering="crispEdges"
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect x={-quiet} y={-quiet} width={size + 2 * quiet} height={size + 2 * quiet} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
