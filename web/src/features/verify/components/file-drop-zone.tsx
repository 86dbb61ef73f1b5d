// A file picker that is also a drop target: the whole dashed zone is the picker's label, so a click,
// the keyboard (the visually hidden input takes the focus and the zone shows it) and a drop all hand
// the one chosen file to `onFile`. On a page rendered at build time the picker is disabled until
// React has taken the page over (a file chosen before would be dropped).
import { Upload } from 'lucide-react';
import { useId, useState, type DragEvent, type ReactNode } from 'react';

import { useHydrated } from '@/hooks/use-hydrated';
import { cn } from '@/lib/cn';

export function FileDropZone({
  onFile,
  prompt,
  hint,
  accept,
  testId,
}: {
  onFile: (file: File) => void;
  prompt: ReactNode;
  hint: ReactNode;
  accept?: string;
  testId: string;
}) {
  const inputId = useId();
  const ready = useHydrated();
  const [dragging, setDragging] = useState(false);
  const take = (files: FileList | null) => {
    const file = files?.[0];
    if (file) onFile(file);
  };
  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files);
  };
  return (
    <div>
      <input
        id={inputId}
        type="file"
        disabled={!ready}
        accept={accept}
        data-testid={`${testId}-input`}
        className="peer sr-only"
        onChange={(event) => {
          take(event.target.files);
          event.target.value = '';
        }}
      />
      <label
        htmlFor={inputId}
        onDragEnter={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragOver={(event) => event.preventDefault()}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid={testId}
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed border-border-strong px-4 py-8 text-center transition-colors',
          'hover:border-accent hover:bg-accent-soft/50',
          'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring',
          dragging && 'border-accent bg-accent-soft',
        )}
      >
        <Upload aria-hidden="true" className="size-6 text-muted-foreground" />
        <span className="text-sm font-medium text-foreground">{prompt}</span>
        <span className="text-xs text-muted-foreground">{hint}</span>
      </label>
    </div>
  );
}
