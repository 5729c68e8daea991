import { Leaf, MapPin, Search, Share2, Sprout, Users } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Logo } from '../../../components/logo';
import { useAuth } from '../../../lib/auth-context';
import { useLogout } from '../../../features/auth/api/use-logout';
import { useSite } from '../../../features/site/api/use-site';
import './home.css';

const STEPS = [
  { icon: Sprout, title: 'List', text: 'List what you have and what you want: produce, seeds and plants.' },
  { icon: Users, title: 'Connect', text: 'Connect with friends or nearby gardeners.' },
  { icon: Search, title: 'Share', text: 'Share by checking the items available around you.' },
  { icon: Share2, title: 'Match', text: 'Match: we let you know when someone has what you want.' },
];

/** The public home page: what Gardenswap is, how it works, and the way in. */
export default function HomePage() {
  const { auth } = useAuth();
  const logout = useLogout();
  const navigate = useNavigate();
  const site = useSite();
  const contact = site.data?.contact_email ?? 'hello@gardenswap.example';

  return (
    <div className="home">
      <header className="home-header">
        <Logo />
        {auth ? (
          <button
            type="button"
            className="button"
            onClick={() => logout.mutate(undefined, { onSettled: () => navigate('/') })}
          >
            Logout
          </button>
        ) : (
          <Link className="button" to="/login">
            Login
          </Link>
        )}
      </header>
      <main id="main">
        <section className="hero">
          <div className="hero-text">
            <h1>Share the harvest with your neighbours</h1>
            <p className="hero-lead">
              Trade, sell or give away produce, seeds and plants with friends and nearby gardeners. Gardenswap is
              completely free.
            </p>
            <div className="hero-actions">
              {auth ? (
                <Link className="button button-primary" to="/listings">
                  Marketplace
                </Link>
              ) : (
                <Link className="button button-primary" to="/login">
                  Sign up
                </Link>
              )}
              <Link className="button" to={auth ? '/listings' : '/login'}>
                Try it out
              </Link>
            </div>
          </div>
          <div className="hero-art" aria-hidden>
            <Leaf size={140} strokeWidth={1.2} />
          </div>
        </section>

        <section className="home-section" aria-labelledby="how-title">
          <h2 id="how-title">How it works</h2>
          <ol className="steps">
            {STEPS.map(({ icon: Icon, title, text }, index) => (
              <li key={title} className="step">
                <span className="step-icon" aria-hidden>
                  <Icon size={26} />
                </span>
                <h3>
                  {index + 1}. {title}
                </h3>
                <p>{text}</p>
              </li>
            ))}
          </ol>
        </section>

        <section className="home-section about" aria-labelledby="about-title">
          <h2 id="about-title">About us</h2>
          <p>
            Gardenswap started in Salt Lake City, Utah, among neighbours with too many zucchini and not enough basil. It
            is a free place for home gardeners to keep good food from going to waste, swap seeds and starts, and get to
            know the growers down the street.
          </p>
        </section>
      </main>
      <footer className="home-footer">
        <p>
          <MapPin aria-hidden size={16} /> Salt Lake City, Utah
        </p>
        <p>
          Contact: <a href={`mailto:${contact}`}>{contact}</a>
        </p>
        <ul className="social" aria-label="Gardenswap on social media">
          <li>
            <a href="https://www.instagram.com/" rel="noopener noreferrer">
              Instagram
            </a>
          </li>
          <li>
            <a href="https://www.facebook.com/" rel="noopener noreferrer">
              Facebook
            </a>
          </li>
        </ul>
        <p className="muted">© {new Date().getFullYear()} Gardenswap</p>
      </footer>
    </div>
  );
}
