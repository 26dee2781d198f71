import { DeviceNotifications } from './device-notifications';
import { QuietHoursForm } from './quiet-hours-form';

/** When and where alerts reach the person (issue 41 §4, docs/decisions/0214): quiet hours, and this device's notifications. */
export function NotificationsSection() {
  return (
    <section className="card settings-section" id="notifications" aria-labelledby="notifications-heading">
      <h2 id="notifications-heading">Quiet hours and notifications</h2>
      <QuietHoursForm />
      <DeviceNotifications />
    </section>
  );
}
