import { Satellite } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/error-message';
import { useLogin } from '@/queries/auth';

/**
 * The login page (issue 12): shown instead of the app when the server has accounts (AUTH=on) and
 * nobody is signed in. The page the user asked for opens once they are.
 */
export function LoginPage() {
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate({ username, password });
  };
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <Card className="w-full max-w-sm">
        <CardHeader>
          <h1 className="flex items-center gap-2 text-xl font-semibold tracking-tight">
            <Satellite className="size-5 text-primary" aria-hidden="true" />
            Sign in to Data Forge
          </h1>
        </CardHeader>
        <CardContent>
          <form className="space-y-4" onSubmit={submit} aria-label="Sign in">
            <div className="space-y-2">
              <Label htmlFor="login-username">Username</Label>
              <Input id="login-username" name="username" autoComplete="username" autoFocus required value={username} onChange={(e) => setUsername(e.target.value)} />
            </div>
            <div className="space-y-2">
              <Label htmlFor="login-password">Password</Label>
              <Input id="login-password" name="password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
            </div>
            {login.isError && (
              <Alert variant="destructive" role="alert">
                <AlertDescription>{errorMessage(login.error)}</AlertDescription>
              </Alert>
            )}
            <Button type="submit" className="w-full" disabled={login.isPending}>
              {login.isPending ? 'Signing in…' : 'Sign in'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </main>
  );
}
