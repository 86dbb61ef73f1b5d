// The TitleLedger mark and wordmark. Decorative on its own: the link around it carries the name.
import { cn } from '@/lib/cn';
import { PRODUCT_NAME } from '@/lib/site';

export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold tracking-tight text-foreground', className)}>
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-7 shrink-0">
        <rect width="32" height="32" rx="7" className="fill-accent" />
        <path d="M9 10h14M16 10v13" stroke="white" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <span className="text-[1.05rem]">{PRODUCT_NAME}</span>
    </span>
  );
}
