import { useState } from 'react';
import { Avatar } from '../../../components/avatar';

/** The member's picture; one that fails to load is only logged (spec §8) and the initial shows instead. */
export function ProfileAvatar({ src, name, size }: { src: string | null; name: string; size: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  const usable = src && failed !== src ? src : null;
  return (
    <span
      className="profile-avatar"
      onErrorCapture={() => {
        console.warn(`Profile picture could not be loaded: ${src}`);
        setFailed(src);
      }}
    >
      <Avatar src={usable} name={name} size={size} />
    </span>
  );
}
