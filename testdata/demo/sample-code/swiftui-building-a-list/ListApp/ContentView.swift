import SwiftUI
import MapKit

struct ContentView: View {
    @State private var selection: String?
    var body: some View {
        NavigationSplitView {
            List(["a", "b"], id: \.self, selection: $selection) { Text($0) }
        } detail: {
            Map()
        }
    }
}
