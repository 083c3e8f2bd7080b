"use client";

import QRCode from "qrcode";
import { useEffect, useState } from "react";

/** An authenticator app's address as a QR code (a data: URL made in the browser), or null until it is made. */
export function useQrCode(otpauthUrl: string): string | null {
  const [qrCode, setQrCode] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: "M", margin: 2, width: 192 }).then(
      (url) => current && setQrCode(url),
      () => current && setQrCode(null),
    );
    return () => {
      current = false;
    };
  }, [otpauthUrl]);
  return qrCode;
}
