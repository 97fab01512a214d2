import Foundation
import LakesApp

exit(LakesApplication.main())
