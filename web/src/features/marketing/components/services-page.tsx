// /services: what can be registered: works by individual creators, AI-derived works, and the
// audio and video registration that is not available yet.
import { Bot, Clapperboard, PenLine } from 'lucide-react';
import { Link } from 'react-router-dom';

import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { Card, CardContent } from '@/components/card';
import { paths } from '@/lib/paths';

import { MarketingPage } from './marketing-page';

export function ServicesPage() {
  return (
    <MarketingPage
      title="Services"
      eyebrow="Registration"
      lead="Register written works and works made with AI: each gets a TR number, two SHA-256 hashes, a PDF certificate and a .tr proof file, anchored on an EVM chain."
    >
      <div className="grid gap-6 lg:grid-cols-3">
        <Card>
          <CardContent className="grid gap-4">
            <PenLine aria-hidden="true" className="size-6 text-accent-text" />
            <h2 className="text-lg font-semibold">Individual creators</h2>
            <p className="text-sm leading-6 text-muted-foreground">
              Books, manuscripts, screenplays, teleplays, poems, articles, song lyrics, short stories, treatments, pitches and
              more than forty other material types. Register each draft you share, and keep the proof of which version
              existed when.
            </p>
            <Button asChild>
              <Link to={paths.register}>Register a title</Link>
            </Button>
          </CardContent>
        </Card>
        <Card>
          <CardContent className="grid gap-4">
            <Bot aria-hidden="true" className="size-6 text-accent-text" />
            <h2 className="text-lg font-semibold">AI-derived works</h2>
            <p className="text-sm leading-6 text-muted-foreground">
              AI-assisted books, courses, scripts, stories, comics and original characters have their own material types, so
              the record says how the work was made. The registration proves the file and its timing; whether an
              AI-assisted work is protected by copyright depends on the law where you are.
            </p>
            <Button asChild variant="secondary">
              <Link to={paths.getStarted}>Get started</Link>
            </Button>
          </CardContent>
        </Card>
        <Card>
          <CardContent className="grid gap-4">
            <Clapperboard aria-hidden="true" className="size-6 text-accent-text" />
            <h2 className="flex flex-wrap items-center gap-2 text-lg font-semibold">
              Audio and video <Badge>Coming soon</Badge>
            </h2>
            <p className="text-sm leading-6 text-muted-foreground">
              Registration of recordings and video is being built. Until then you can register the lyrics, script or
              treatment behind them.
            </p>
            <Button disabled variant="secondary" aria-describedby="audio-video-note">
              Register audio or video
            </Button>
            <p id="audio-video-note" className="text-xs text-muted-foreground">
              Not available yet.
            </p>
          </CardContent>
        </Card>
      </div>

      <div className="mt-12 grid gap-4 rounded-xl border border-border bg-surface p-6 sm:flex sm:items-center sm:justify-between">
        <div>
          <h2 className="text-lg font-semibold">Not sure it fits your work?</h2>
          <p className="mt-1 text-sm text-muted-foreground">See the process step by step, try the demo, or ask us.</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button asChild variant="secondary">
            <Link to={paths.howItWorks}>How it works</Link>
          </Button>
          <Button asChild variant="secondary">
            <Link to={paths.demo}>See the demo</Link>
          </Button>
          <Button asChild variant="ghost">
            <Link to={paths.contact}>Contact us</Link>
          </Button>
        </div>
      </div>
    </MarketingPage>
  );
}
