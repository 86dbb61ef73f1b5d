// Step 4, Upload Document (seed 001 §2.2): one file up to the server's limit, its size (in MB, or
// KB or bytes for a small one), its SHA-256 computed here before anything is sent, then Complete
// Registration with the upload's real progress and the server's stages in the spec's order.
import { fileTooLargeMessage, formatFileSize, UPLOAD_EXTENSIONS } from '@titleledger/api/schemas';
import { Check, FileUp, LoaderCircle, ShieldCheck } from 'lucide-react';
import { useId, useState, type DragEvent } from 'react';

import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/card';
import { HashText } from '@/components/hash-text';
import { Progress } from '@/components/progress';
import { UserText } from '@/components/user-text';
import { cn } from '@/lib/cn';

export type UploadStage = 'idle' | 'uploading' | 'processing' | 'certificate' | 'completed';

const STAGES: ReadonlyArray<{ stage: Exclude<UploadStage, 'idle'>; title: string; detail?: string }> = [
  { stage: 'uploading', title: 'Uploading document' },
  {
    stage: 'processing',
    title: 'Processing registration',
    detail: 'Generating TR number, calculating hash, encrypting document',
  },
  { stage: 'certificate', title: 'Generating PDF certificate' },
  { stage: 'completed', title: 'Registration completed' },
];

const ACCEPT = UPLOAD_EXTENSIONS.join(',');

export type UploadStepProps = {
  file: File | null;
  localHash: string | null;
  hashing: boolean;
  paymentVerified: boolean;
  /** The server's limit; undefined until it is known (the server still enforces it). */
  maxBytes: number | undefined;
  stage: UploadStage;
  uploadPercent: number;
  error: string | null;
  onFileChosen: (file: File | null) => void;
  onSubmit: () => void;
};

function StageList({ stage, uploadPercent }: { stage: UploadStage; uploadPercent: number }) {
  const current = STAGES.findIndex((entry) => entry.stage === stage);
  return (
    <ol className="grid gap-3" aria-label="Registration progress">
      {STAGES.map((entry, index) => {
        const done = index < current || stage === 'completed';
        const active = index === current && stage !== 'completed';
        return (
          <li key={entry.stage} className="flex items-start gap-3 text-sm">
            <span
              aria-hidden="true"
              className={cn(
                'mt-0.5 inline-flex size-5 shrink-0 items-center justify-center rounded-full border',
                done && 'border-success bg-success text-white dark:text-background',
                active && 'border-accent text-accent-text',
                !done && !active && 'border-border-strong',
              )}
            >
              {done ? <Check className="size-3" strokeWidth={3} /> : active ? <LoaderCircle className="size-3.5 animate-spin" /> : null}
            </span>
            <span className={cn('grid gap-0.5', !done && !active && 'text-muted-foreground')}>
              <span className={cn(active && 'font-medium')}>
                {entry.title}
                {entry.stage === 'uploading' && active ? ` (${uploadPercent}%)` : ''}
                <span className="sr-only">{done ? ' (done)' : active ? ' (in progress)' : ''}</span>
              </span>
              {entry.detail && active ? <span className="text-xs text-muted-foreground">{entry.detail}...</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

export function UploadStep(props: UploadStepProps) {
  const { file, localHash, hashing, paymentVerified, maxBytes, stage, uploadPercent, error, onFileChosen, onSubmit } = props;
  const inputId = useId();
  const [dragging, setDragging] = useState(false);
  const busy = stage !== 'idle';
  const tooLarge = file !== null && maxBytes !== undefined && file.size > maxBytes;
  const canSubmit = file !== null && !tooLarge && paymentVerified && !busy;

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    if (busy) return;
    const dropped = event.dataTransfer.files[0];
    if (dropped) onFileChosen(dropped);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Upload your document</CardTitle>
        <CardDescription>
          One file{maxBytes !== undefined ? `, up to ${formatFileSize(maxBytes)}` : ''}: {UPLOAD_EXTENSIONS.join(', ')}.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {!paymentVerified ? (
          <Alert variant="warning" title="Payment Required">
            Please complete payment before proceeding.
          </Alert>
        ) : null}

        <label
          htmlFor={inputId}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            'flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed border-border-strong px-4 py-8 text-center transition-colors',
            'hover:border-accent hover:bg-accent-soft has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
            dragging && 'border-accent bg-accent-soft',
            busy && 'pointer-events-none opacity-60',
          )}
        >
          <FileUp aria-hidden="true" className="size-8 text-accent-text" />
          <span className="text-sm font-medium">{file ? 'Choose a different file' : 'Choose a file or drop it here'}</span>
          <span className="text-xs text-muted-foreground">PDF, Word, text, RTF or image</span>
          <input
            id={inputId}
            type="file"
            accept={ACCEPT}
            disabled={busy}
            className="sr-only"
            aria-label="Document to register"
            onChange={(event) => onFileChosen(event.target.files?.[0] ?? null)}
          />
        </label>

        {file ? (
          <div className="grid gap-3 rounded-lg border border-border p-4">
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
              <UserText as="p" className="min-w-0 break-all font-medium">{file.name}</UserText>
              <p className="shrink-0 text-muted-foreground">{formatFileSize(file.size)}</p>
            </div>
            {tooLarge ? (
              <p role="alert" className="text-sm text-danger">
                {fileTooLargeMessage(maxBytes)}
              </p>
            ) : (
              <div className="grid gap-1.5">
                <p className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
                  <ShieldCheck aria-hidden="true" className="size-3.5 text-success" />
                  SHA-256 computed in your browser, before upload
                </p>
                {hashing || !localHash ? (
                  <p className="text-xs text-muted-foreground" role="status">
                    Calculating hash...
                  </p>
                ) : (
                  <HashText value={localHash} label="local file hash" />
                )}
              </div>
            )}
          </div>
        ) : null}

        {busy ? (
          <div className="grid gap-4 rounded-lg border border-border bg-subtle/50 p-4" aria-live="polite">
            {stage === 'uploading' ? <Progress value={uploadPercent} label="Upload progress" /> : null}
            <StageList stage={stage} uploadPercent={uploadPercent} />
          </div>
        ) : null}

        {error ? (
          <Alert variant="danger" role="alert" title="Registration Failed">
            {error}
          </Alert>
        ) : null}

        <div className="flex justify-end">
          <Button size="lg" disabled={!canSubmit} onClick={onSubmit} className="w-full sm:w-auto">
            {busy ? 'Processing...' : 'Complete Registration'}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
