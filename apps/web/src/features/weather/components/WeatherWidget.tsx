import { useState } from 'react';
import { Alert, Card, Col, Form, Row, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { WiStrongWind } from 'react-icons/wi';
import { formatWeekday, WEATHER_CITIES, WEATHER_CITY_STORAGE_KEY, type WeatherDay } from '@primeur/shared';
import { useWeather } from '../api/weather';
import { conditionOf } from './conditions';

/** The stored city index, when it still points at a city (the list only ever grows). */
function storedIndex(): number {
  try {
    const n = Number(localStorage.getItem(WEATHER_CITY_STORAGE_KEY));
    return Number.isInteger(n) && n >= 0 && n < WEATHER_CITIES.length ? n : 0;
  } catch {
    return 0;
  }
}

export function WeatherWidget() {
  const { t } = useTranslation('weather');
  const [index, setIndex] = useState(storedIndex);
  const { data, isLoading, isError } = useWeather();
  const city = data?.cities[index];

  const choose = (i: number) => {
    setIndex(i);
    try {
      localStorage.setItem(WEATHER_CITY_STORAGE_KEY, String(i));
    } catch {
      // Private mode: the choice lasts for this page only.
    }
  };

  return (
    <Card className="mb-4 shadow-sm" data-testid="weather-widget">
      <Card.Header className="d-flex flex-wrap align-items-center gap-2">
        <h2 className="h5 mb-0 me-auto">{t('title')}</h2>
        <div className="d-flex align-items-center gap-2">
          <Form.Label htmlFor="weather-city" className="mb-0 small">
            {t('city')}
          </Form.Label>
          <Form.Select id="weather-city" size="sm" style={{ maxWidth: 240 }} value={index} onChange={(e) => choose(Number(e.target.value))}>
            {WEATHER_CITIES.map((c, i) => (
              <option key={c.key} value={i}>
                {t(`cities.${c.key}`)}
              </option>
            ))}
          </Form.Select>
        </div>
      </Card.Header>
      <Card.Body>
        {isLoading ? <Spinner size="sm" role="status" aria-label={t('loading')} /> : null}
        {isError ? (
          <Alert variant="secondary" className="mb-0" data-testid="weather-unavailable">
            {t('unavailable')}
          </Alert>
        ) : null}
        {city ? (
          <Row xs={2} md={4} className="g-2">
            {city.daily.map((day, i) => (
              <Col key={day.time}>
                <DayCard day={day} today={i === 0} windUnit={data.units.windSpeed} />
              </Col>
            ))}
          </Row>
        ) : null}
      </Card.Body>
    </Card>
  );
}

function DayCard({ day, today, windUnit }: { day: WeatherDay; today: boolean; windUnit: string }) {
  const { t, i18n } = useTranslation('weather');
  const { icon: Icon, key } = conditionOf(day.weather_code);
  const label = today ? t('today') : formatWeekday(day.time, i18n.resolvedLanguage);
  return (
    <div className="border rounded p-2 h-100 text-center" data-testid="weather-day">
      <div className="fw-semibold text-capitalize small">{label}</div>
      <Icon size={48} aria-hidden className="text-primary" data-condition={key} />
      <div className="small" data-testid="weather-condition">
        {t(key)}
      </div>
      <div>
        <span title={t('maxTemp')} className="fw-bold">
          {Math.round(day.temperature_2m_max)}°
        </span>{' '}
        / <span title={t('minTemp')}>{Math.round(day.temperature_2m_min)}°</span>
      </div>
      <div className="small text-muted" title={t('maxWind')}>
        <WiStrongWind aria-hidden /> {Math.round(day.wind_speed_10m_max)} {windUnit}
      </div>
    </div>
  );
}
