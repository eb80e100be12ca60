import SwiftUI

struct TripListView: View {
    @State private var filter = ""
    var body: some View {
        List { Text("Trips") }.searchable(text: $filter)
    }
}
