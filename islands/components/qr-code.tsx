import { encode } from "uqr";

/**
 * A QR code drawn as one SVG path (crisp at any size, nothing to download). Used by the payment
 * dialog for QRIS (loaded on demand, so the QR encoder is not in the page bundles) and by the
 * sandbox gateway's page on the server. Medium error correction, as QRIS codes use; the quiet zone
 * (4 modules, ISO/IEC 18004) is part of the image so phones can scan it on any background.
 */
export function QrCode({ value, label, size = 240 }: { value: string; label: string; size?: number }) {
  const { data } = encode(value, { ecc: "M", border: 4 });
  const modules = data.length;
  let path = "";
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return (
    <svg className="qr-code" role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${modules} ${modules}`} shapeRendering="crispEdges" xmlns="http://www.w3.org/2000/svg">
      <rect width={modules} height={modules} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
