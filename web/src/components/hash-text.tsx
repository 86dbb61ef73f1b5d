// A hash or identifier shown in full: monospace, wrapping anywhere so it never overflows a phone
// screen, with a button that copies it. The copy result is announced politely.
import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';

import { cn } from '@/lib/cn';

import { Tooltip } from './tooltip';

export type HashTextProps = {
  value: string;
  /** Names the value for the copy button ("Copy file content hash"). */
  label: string;
  className?: string;
};

export function HashText({ value, label, className }: HashTextProps) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      // Clipboard refused (insecure context, permissions): the text stays selectable by hand.
    }
  };

  return (
    <div className={cn('flex items-start gap-2 rounded-md border border-border bg-subtle px-3 py-2', className)}>
      <code className="min-w-0 flex-1 break-all font-mono text-xs leading-5 text-foreground select-all">{value}</code>
      <Tooltip content={copied ? 'Copied' : `Copy ${label}`}>
        <button
          type="button"
          onClick={copy}
          aria-label={`Copy ${label}`}
          className="-my-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded text-muted-foreground hover:bg-surface hover:text-foreground"
        >
          {copied ? <Check aria-hidden="true" className="size-4 text-success" /> : <Copy aria-hidden="true" className="size-4" />}
        </button>
      </Tooltip>
      <span role="status" className="sr-only">
        {copied ? `${label} copied` : ''}
      </span>
    </div>
  );
}
