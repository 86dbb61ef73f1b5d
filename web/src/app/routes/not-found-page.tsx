// Shown for any path the router does not know.
import { Link } from 'react-router-dom';

import { Button } from '@/components/button';
import { Card, CardContent } from '@/components/card';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { paths } from '@/lib/paths';

export function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  return (
    <div className="mx-auto flex w-full max-w-6xl justify-center px-4 py-16 sm:px-6 sm:py-24">
      <Card className="w-full max-w-md">
        <CardContent className="grid gap-4 p-8">
          <h1 className="text-2xl font-semibold tracking-tight">404 Page Not Found</h1>
          <p className="text-sm text-muted-foreground">Did you forget to add the page to the router?</p>
          <div>
            <Button asChild variant="secondary">
              <Link to={paths.landing}>Back to home</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
