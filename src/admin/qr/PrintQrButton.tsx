// Print QR: hidden QR canvases for the given devices, and a button that downloads one PNG per device with
// the file names of docs/PRODUCT.md, States (restaurant, branch or single-device level).
import { Button } from '@mui/material';
import QrCodeIcon from '@mui/icons-material/QrCode2';
import { QRCodeCanvas } from 'qrcode.react';
import { useRef } from 'react';
import { useTranslate } from 'react-admin';
import {
  QR_BACKGROUND,
  QR_FOREGROUND,
  QR_LEVEL,
  QR_LOGO_SIZE,
  QR_QUIET_ZONE,
  QR_SIZE,
  qrContent,
  qrFileName,
  type QrLevel,
} from './qrContent';
import { useDrawableLogo } from './useDrawableLogo';
import { usePublicUrl } from './usePublicUrl';
import { useAllows } from '../access/useAllows';

export interface QrDevice {
  id: number | string;
  name: string;
  device_id: string;
  link_key?: string;
}

export interface PrintQrButtonProps {
  label: string;
  level: QrLevel;
  restaurant: { id: number | string; name: string; logo?: string };
  devices: QrDevice[];
}

export function downloadCanvas(canvas: HTMLCanvasElement, fileName: string) {
  const a = document.createElement('a');
  a.href = canvas.toDataURL('image/png');
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

export function PrintQrButton({ label, level, restaurant, devices }: PrintQrButtonProps) {
  const translate = useTranslate();
  const publicUrl = usePublicUrl();
  const logo = useDrawableLogo(restaurant.logo);
  const holder = useRef<HTMLDivElement>(null);
  const allowed = useAllows('sheet', 'print');

  const print = async () => {
    const canvases = holder.current?.querySelectorAll('canvas') ?? [];
    for (const [i, device] of devices.entries()) {
      const canvas = canvases[i];
      if (!canvas) continue;
      downloadCanvas(canvas, qrFileName(level, device, restaurant.name));
      // Browsers drop downloads started in the same tick; a short gap lets each one through.
      await new Promise((r) => setTimeout(r, 150));
    }
  };

  if (!allowed) return null;
  return (
    <>
      <Button
        size="small"
        startIcon={<QrCodeIcon />}
        onClick={print}
        disabled={!devices.length}
        title={translate('specter.sheet.printQrHelp')}
      >
        {label}
      </Button>
      <div ref={holder} hidden aria-hidden="true" data-testid="qr-canvases">
        {devices.map((d) => (
          <QRCodeCanvas
            key={d.device_id}
            value={qrContent(publicUrl, restaurant.id, d.device_id, d.link_key)}
            size={QR_SIZE}
            level={QR_LEVEL}
            fgColor={QR_FOREGROUND}
            bgColor={QR_BACKGROUND}
            // The quiet zone the QR standard asks for (ISO/IEC 18004: four modules), as the printable sheet draws.
            marginSize={QR_QUIET_ZONE}
            data-qr={qrContent(publicUrl, restaurant.id, d.device_id, d.link_key)}
            imageSettings={{
              src: logo,
              height: QR_LOGO_SIZE,
              width: QR_LOGO_SIZE,
              excavate: true,
              crossOrigin: 'anonymous',
            }}
          />
        ))}
      </div>
    </>
  );
}
