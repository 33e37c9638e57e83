import { useState } from 'react';
import styles from './avatar.module.css';

function initialsOf(name: string | null, email: string): string {
  const source = name?.trim() || email.split('@')[0] || '?';
  const parts = source.split(/[\s._-]+/).filter(Boolean);
  const letters = parts.length > 1 ? parts[0]![0]! + parts[1]![0]! : source.slice(0, 2);
  return letters.toUpperCase();
}

/** The player's photo, or their initials when there is none or it fails to load. */
export function Avatar({
  photoUrl,
  name,
  email,
  size = 40,
}: {
  photoUrl: string | null;
  name: string | null;
  email: string;
  size?: number;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const showPhoto = photoUrl && failed !== photoUrl;
  return (
    <span className={styles.avatar} style={{ width: size, height: size, fontSize: size * 0.38 }} data-testid="avatar">
      {showPhoto ? (
        <img
          src={photoUrl}
          alt=""
          width={size}
          height={size}
          referrerPolicy="no-referrer"
          onError={() => setFailed(photoUrl)}
        />
      ) : (
        <span aria-hidden="true">{initialsOf(name, email)}</span>
      )}
    </span>
  );
}
