// The app always works with the newest version's classes.
typealias Trip = SchemaV3.Trip
typealias Stop = SchemaV3.Stop
