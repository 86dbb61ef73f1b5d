// The two download buttons every listed registration carries: Certificate and .tr File. While a
// download runs they are `pending` (aria-disabled), not disabled: disabling the pressed button
// dropped focus to <body>, and a keyboard or screen-reader user lost their place in the list.
import { Download, FileKey2 } from 'lucide-react';

import { Badge } from '@/components/badge';
import { Button } from '@/components/button';

import { useDownloadFile } from '../api/download-file';

export function TitleDownloads({ trNumber, title }: { trNumber: string; title: string }) {
  const download = useDownloadFile();
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Certificate for ${title}`}
        pending={download.isPending}
        onClick={() => download.mutate({ kind: 'certificate', trNumber })}
      >
        <Download aria-hidden="true" />
        Certificate
      </Button>
      <Button
        variant="secondary"
        size="sm"
        aria-label={`.tr File for ${title}`}
        pending={download.isPending}
        onClick={() => download.mutate({ kind: 'tr', trNumber })}
      >
        <FileKey2 aria-hidden="true" />
        .tr File
      </Button>
    </div>
  );
}

/** The status text, highlighted (green) when it is one of `highlight`, amber otherwise. */
export function StatusBadge({ status, highlight }: { status: string; highlight: readonly string[] }) {
  const text = status || 'unknown';
  return (
    <Badge variant={highlight.includes(text.toLowerCase()) ? 'success' : 'warning'} className="capitalize">
      {text}
    </Badge>
  );
}

export function formatDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}
